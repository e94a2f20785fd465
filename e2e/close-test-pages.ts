import { afterAll, afterEach, beforeEach } from 'vitest'
import { closeFilePages, testPages } from './fixtures'

// Every spec file: the pages a test opened with openPage are closed when it ends, and every page
// the file opened when it ends, so the next file in this worker's browser starts with none.
beforeEach(() => testPages.begin())
afterEach(() => testPages.end())
afterAll(() => closeFilePages())
