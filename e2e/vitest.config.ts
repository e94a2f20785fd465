import { defineConfig } from 'vitest/config'
import { shortLivedProcessFlags } from '../server/test/short-lived-process'

export default defineConfig({
  test: {
    include: ['e2e/**/*.spec.ts'],
    globalSetup: ['e2e/global-setup.ts'],
    setupFiles: ['e2e/close-test-pages.ts'],
    // Three files at a time, each worker with a product of its own (global-setup.ts): a file spends
    // most of its time waiting on the browser and the server, and two left a fifth of the two
    // cores idle (docs/decisions/0067-ci-module-rules-on-postgresql.md).
    maxWorkers: 3,
    // A worker imports Playwright and the helpers once for all its files, not once per file (about
    // 0.65 s of CPU a file), and launches one browser for them (fixtures.ts). Each file opens its
    // own contexts, closed when it ends, and starts its own servers; the owner's session, which
    // the helpers keep, is kept by file (admin-api.ts).
    isolate: false,
    // A spec that edits its own server's PGlite while it is stopped opens it in the worker.
    execArgv: shortLivedProcessFlags,
    // Guards against a hang, not speed limits: on a 2-core machine with a busy neighbour the
    // whole suite has run 2.5 times slower than usual, and a long flow with axe scans with it.
    testTimeout: 180_000,
    hookTimeout: 180_000,
    // The same for a condition a test waits on (a smooth scroll, a reconnect).
    expect: { poll: { timeout: 15_000 } },
  },
})
