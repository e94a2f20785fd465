import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { TestProject } from 'vitest/node'
import { startFakeSportsApi } from '../server/test/fake-sports-api'
import { startFakeSupplier } from '../server/test/fake-supplier'
import { freePort } from '../server/test/free-port'
import { startServerProcess, stopServerProcess, waitForHealth } from '../server/test/server-process'
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
  const server = startServerProcess(
    {
      PORT: String(port),
      DATA_DIR: dataDir,
      ADMIN_USERNAME: owner.username,
      ADMIN_PASSWORD: owner.password,
      SPORTS_API_BASE: sportsApi.baseUrl,
      SUPPLIER_API_URL: supplier.apiUrl,
    },
    'built',
  )
  const baseUrl = `http://127.0.0.1:${port}`
  await waitForHealth(baseUrl, server)
  project.provide('baseUrl', baseUrl)
  project.provide('supplierApiKey', supplier.apiKey)

  return async () => {
    await stopServerProcess(server)
    await sportsApi.close()
    await supplier.close()
    rmSync(dataDir, { recursive: true, force: true })
  }
}
