import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { TestProject } from 'vitest/node'
import { startFakeSportsApi } from '../server/test/fake-sports-api'
import { startFakeSupplier } from '../server/test/fake-supplier'
import { freePort } from '../server/test/free-port'
import { owner } from './owner'
import { sportsFixtures } from './sports-fixtures'

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string
    /** The key the fake supplier panel accepts, for M3U line tests. */
    supplierApiKey: string
  }
}

/**
 * Starts the built product, exactly as `npm start` runs it, on a fresh PGlite data directory,
 * with local stand-ins for the sports data service and the supplier panel.
 */
export default async function setup(project: TestProject) {
  if (!existsSync('dist/server/main.js') || !existsSync('dist/web/index.html')) {
    throw new Error('Run `npm run build` before the end-to-end tests')
  }
  const sportsApi = await startFakeSportsApi()
  for (const [id, fixture] of sportsFixtures) sportsApi.leagues.set(id, fixture)
  const supplier = await startFakeSupplier()
  const dataDir = mkdtempSync(join(tmpdir(), 'e2e-'))
  const port = await freePort()
  const child = spawn(process.execPath, ['--enable-source-maps', 'dist/server/main.js'], {
    env: {
      PATH: process.env.PATH,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ADMIN_USERNAME: owner.username,
      ADMIN_PASSWORD: owner.password,
      SPORTS_API_BASE: sportsApi.baseUrl,
      SUPPLIER_API_URL: supplier.apiUrl,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  })
  const baseUrl = `http://127.0.0.1:${port}`
  const deadline = Date.now() + 60_000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The server exited with code ${child.exitCode}`)
    const isUp = await fetch(`${baseUrl}/api/health`).then(
      (r) => r.ok,
      () => false,
    )
    if (isUp) break
    if (Date.now() > deadline) throw new Error('The server did not become healthy in 60 s')
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  project.provide('baseUrl', baseUrl)
  project.provide('supplierApiKey', supplier.apiKey)

  return async () => {
    const exited = new Promise((resolve) => child.once('exit', resolve))
    child.kill('SIGTERM')
    await exited
    await sportsApi.close()
    await supplier.close()
    rmSync(dataDir, { recursive: true, force: true })
  }
}
