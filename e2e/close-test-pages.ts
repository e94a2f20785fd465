import { afterAll, afterEach, beforeEach } from 'vitest'
import { closeFilePages, describeOpenPages, testPages } from './fixtures'

// Every spec file: the pages a test opened with openPage are closed when it ends, and every page
// the file opened when it ends, so the next file in this worker's browser starts with none. A
// failed test first prints what its pages showed: in CI, the output is all there is to read.
beforeEach(() => testPages.begin())
afterEach(async ({ task }) => {
  if (task.result?.state === 'fail') console.error(await describeOpenPages())
  await testPages.end()
})
afterAll(() => closeFilePages())
