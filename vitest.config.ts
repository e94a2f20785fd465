import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['common/**/*.test.ts', 'server/**/*.test.ts', 'web/**/*.test.{ts,tsx}'],
    globalSetup: ['server/test/global-setup.ts'],
    // Password hashing is deliberately slow (scrypt at OWASP's cost).
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
})
