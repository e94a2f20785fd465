import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'

const fromRoot = (path: string) => fileURLToPath(new URL(path, import.meta.url))

export default defineConfig({
  // As in vite.config.ts: the server's tests render pages from the web app's sources.
  resolve: { alias: { '@': fromRoot('./web'), '@common': fromRoot('./common') } },
  test: {
    include: ['common/**/*.test.ts', 'server/**/*.test.ts', 'web/**/*.test.{ts,tsx}'],
    globalSetup: ['server/test/global-setup.ts'],
    // CI has a 2-core machine to itself, and most tests wait on sockets, timers and PostgreSQL:
    // two files at a time nearly halve the run. Elsewhere the default leaves a core to the rest.
    ...(process.env.CI ? { maxWorkers: 2 } : {}),
    // Password hashing is deliberately slow (scrypt at OWASP's cost).
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
})
