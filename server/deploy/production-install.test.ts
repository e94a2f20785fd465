import { execFile } from 'node:child_process'
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'

const run = promisify(execFile)

/** What deploy/README.md copies from the build machine to a server. */
const releaseFiles = readFileSync('deploy/release-files.txt', 'utf8')
  .split('\n')
  .map((line) => line.trim())
  .filter(Boolean)

// deploy/README.md: build once, copy the release's files, install only what production needs,
// start. A package the server imports at run time but lists as a devDependency fails here.
describe('a production install', () => {
  // `npm test` builds before the unit tests; without a build this fails rather than skips.
  it('starts and answers with only the production dependencies installed', async () => {
    expect(existsSync('dist/server/main.js'), 'dist is missing: run `npm run build` first').toBe(
      true,
    )
    const dir = mkdtempSync(join(tmpdir(), 'production-install-'))
    try {
      for (const path of releaseFiles) {
        cpSync(path, join(dir, path), { recursive: true, preserveTimestamps: true })
      }
      // The packages come from npm's cache, which the development install filled.
      await run('npm', ['ci', '--omit=dev', '--prefer-offline', '--no-audit', '--no-fund'], {
        cwd: dir,
      })
      expect(existsSync(join(dir, 'node_modules/fastify'))).toBe(true)
      expect(existsSync(join(dir, 'node_modules/vite'))).toBe(false)
      expect(existsSync(join(dir, 'node_modules/tsx'))).toBe(false)

      // Ready, the home page, the plans, and a payment history dry run (its worker thread).
      const smoke = await run(process.execPath, [resolve('scripts/smoke.mjs')], { cwd: dir })
      expect(smoke.stdout).toContain('Smoke test passed')
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  }, 300_000)
})
