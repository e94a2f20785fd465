import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { TestProject } from 'vitest/node'
import { createPostgresTemplate, pgliteStartFile } from './migrated-copies'
import { startPostgresCluster } from './postgres-cluster'

declare module 'vitest' {
  export interface ProvidedContext {
    postgresAdminUrl: string
    /** A migrated database with the owner, which test servers' databases are copies of. */
    postgresTemplate: string
    /** The same for PGlite: a dump of its data directory, which test servers load. */
    pgliteStartFile: string
  }
}

/**
 * One PostgreSQL for the whole run (or TEST_DATABASE_URL); each test file makes its own database.
 * Both database kinds are migrated once here for the test servers to start from (PGlite once for
 * all of `npm test`'s stages, migrated-copies.ts).
 */
export default async function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), 'pglite-start-'))
  // PGlite migrates in this process while PostgreSQL's own processes start the cluster.
  const pgliteStart = pgliteStartFile(dir)
  pgliteStart.catch(() => {}) // awaited below; a cluster that fails first must not leave it unhandled
  const external = process.env.TEST_DATABASE_URL
  const cluster = external ? null : await startPostgresCluster()
  const adminUrl = external ?? cluster!.adminUrl
  const [template, startFile] = await Promise.all([createPostgresTemplate(adminUrl), pgliteStart])
  project.provide('postgresAdminUrl', adminUrl)
  project.provide('postgresTemplate', template.name)
  project.provide('pgliteStartFile', startFile)
  return async () => {
    rmSync(dir, { recursive: true, force: true })
    await template.drop()
    await cluster?.stop()
  }
}
