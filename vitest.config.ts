import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'
import { shortLivedProcessFlags } from './server/test/short-lived-process'

const fromRoot = (path: string) => fileURLToPath(new URL(path, import.meta.url))

// `--mode alone` runs the tests that measure time or memory (`*.alone.test.ts`), one file at a
// time after the rest, so that no other file's work on the machine's cores is measured with theirs.
const measurements = '**/*.alone.test.ts'

export default defineConfig(({ mode }) => ({
  // As in vite.config.ts: the server's tests render pages from the web app's sources.
  resolve: { alias: { '@': fromRoot('./web'), '@common': fromRoot('./common') } },
  test: {
    ...(mode === 'alone'
      ? { include: [`server/${measurements}`], fileParallelism: false }
      : {
          include: [
            'common/**/*.test.ts',
            'server/**/*.test.ts',
            'web/**/*.test.{ts,tsx}',
            'scripts/**/*.test.mjs',
          ],
          exclude: ['**/node_modules/**', measurements],
        }),
    globalSetup: ['server/test/global-setup.ts'],
    // CI has a 2-core machine to itself. Some files mostly wait (a lease to lapse, a panel's
    // deadline, a headers timeout, npm): four files at a time kept the two cores 91 % busy, five
    // all of the time (docs/decisions/0069-tests-on-v8s-baseline-wasm-tier.md). Elsewhere the
    // default leaves a core to the rest.
    ...(process.env.CI ? { maxWorkers: 5 } : {}),
    // A worker imports the server's modules once for all its files, not once per file (that
    // was a quarter of the run). Every file starts servers and databases of its own, and state
    // kept at module level is per app or harmless (docs/decisions/0018-ci-time.md).
    isolate: false,
    // Their in-memory PGlite databases compile on V8's baseline tier, as the servers they start do.
    execArgv: shortLivedProcessFlags,
    // Password hashing is deliberately slow (scrypt at OWASP's cost).
    testTimeout: 30_000,
    // Hooks start servers and processes, whose start-up time grows with the machine's load (two
    // files at a time in CI, other work elsewhere); a hung start still fails, later.
    hookTimeout: 120_000,
  },
}))
