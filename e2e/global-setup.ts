import { createWriteStream, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { once } from 'node:events'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { finished } from 'node:stream/promises'
import type { TestProject } from 'vitest/node'
import { startFakeSportsApi } from '../server/test/fake-sports-api'
import { startFakeSupplier } from '../server/test/fake-supplier'
import { freePort } from '../server/test/free-port'
import { pgliteStartFile } from '../server/test/migrated-copies'
import { pgliteDataDirFrom } from '../server/test/migrated-data-dir'
import { startServerProcess, stopServerProcess, waitForHealth } from '../server/test/server-process'
import { copyOfDataDir } from './data-dirs'
import { owner } from './owner'
import { sportsFixtures } from './sports-fixtures'

declare module 'vitest' {
  export interface ProvidedContext {
    /** One product per worker, by `VITEST_POOL_ID` (see `baseUrl` in fixtures.ts). */
    baseUrls: string[]
    /** The key the fake supplier panel accepts, for M3U line tests. */
    supplierApiKey: string
    /** A migrated PGlite data directory with the owner, which specs' own servers start copies of. */
    migratedDataDir: string
  }
}

/** Where each product's own output goes, so that a failed run can be read afterwards. */
const logDir = 'test-results'

/**
 * A new PGlite data directory with the owner in it, hashed at the tests' low cost: the specs sign
 * in as the owner dozens of times, each a second of a core at OWASP's cost. Start-up finds an
 * admin and makes none. Start-up's first admin from ADMIN_USERNAME and ADMIN_PASSWORD stays
 * tested by the specs' own servers (mailing-server.ts, restartable-server.ts) and main.test.ts.
 * The database is the unit stages' migrated dump when `npm test` ran them (migrated-copies.ts).
 */
async function dataDirWithOwner(): Promise<string> {
  const startDir = mkdtempSync(join(tmpdir(), 'e2e-start-'))
  try {
    return pgliteDataDirFrom(await pgliteStartFile(startDir), 'e2e-')
  } finally {
    rmSync(startDir, { recursive: true, force: true })
  }
}

/**
 * The built product, exactly as `npm start` runs it, on a copy of `migrated` of its own, with
 * local stand-ins for the sports data service and the supplier panel of its own. Its output is
 * written to `test-results/e2e-product-<index>.log`.
 */
async function startProduct(index: number, migrated: string) {
  const sportsApi = await startFakeSportsApi()
  for (const [id, fixture] of sportsFixtures) sportsApi.leagues.set(id, fixture)
  const supplier = await startFakeSupplier()
  const dataDir = copyOfDataDir(migrated, 'e2e-')
  const backupDir = `${dataDir}-backups`
  const port = await freePort()
  const server = startServerProcess(
    {
      PORT: String(port),
      DATA_DIR: dataDir,
      // Backup files on, as an owner would set them: the Backups card writes one.
      BACKUP_DIR: backupDir,
      ADMIN_USERNAME: owner.username,
      ADMIN_PASSWORD: owner.password,
      SPORTS_API_BASE: sportsApi.baseUrl,
      SUPPLIER_API_URL: supplier.apiUrl,
      // As behind a proxy: a spec that tries wrong passwords on purpose does so from an address of
      // its own (openPage's clientAddress), so the sign-in limit per address (5 failures in 5
      // minutes) never locks out the other specs, which all come from 127.0.0.1.
      TRUST_PROXY: '1',
      // Every request in the log: what the product did around a failure is what tells its cause.
      LOG_LEVEL: 'info',
    },
    'built',
  )
  const log = createWriteStream(join(logDir, `e2e-product-${index}.log`))
  server.child.stdout?.pipe(log, { end: false })
  server.child.stderr?.pipe(log, { end: false })
  // 'close' comes once the child's output is read to its end, which 'exit' does not wait for.
  const outputEnded = once(server.child, 'close')
  const baseUrl = `http://127.0.0.1:${port}`
  await waitForHealth(baseUrl, server)
  return {
    baseUrl,
    supplierApiKey: supplier.apiKey,
    stop: async () => {
      await stopServerProcess(server)
      await outputEnded
      await finished(log.end())
      await sportsApi.close()
      await supplier.close()
      rmSync(dataDir, { recursive: true, force: true })
      rmSync(backupDir, { recursive: true, force: true })
    },
  }
}

/**
 * One product per worker: files run two at a time, and each file finds the product as the files
 * before it in the same worker left it, never changed under it by another file at the same time
 * (a sign-in lock, a required second factor, a count).
 */
export default async function setup(project: TestProject) {
  if (!existsSync('dist/server/main.js') || !existsSync('dist/web/index.html')) {
    throw new Error('Run `npm run build` before the end-to-end tests')
  }
  mkdirSync(logDir, { recursive: true })
  const migrated = await dataDirWithOwner()
  const products = await Promise.all(
    Array.from({ length: project.config.maxWorkers }, (_, index) => startProduct(index, migrated)),
  )
  project.provide(
    'baseUrls',
    products.map((product) => product.baseUrl),
  )
  project.provide('supplierApiKey', products[0]!.supplierApiKey)
  project.provide('migratedDataDir', migrated)

  return async () => {
    await Promise.all(products.map((product) => product.stop()))
    rmSync(migrated, { recursive: true, force: true })
  }
}
