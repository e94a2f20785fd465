import { afterEach, beforeEach } from 'vitest'
import { testPages } from './fixtures'

// Every spec file: the pages a test opened with openPage are closed when it ends.
beforeEach(() => testPages.begin())
afterEach(() => testPages.end())
