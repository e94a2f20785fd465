import type { TestProject } from 'vitest/node'
import { startPostgresCluster } from './postgres-cluster'

declare module 'vitest' {
  export interface ProvidedContext {
    postgresAdminUrl: string
  }
}

/** One PostgreSQL for the whole run (or TEST_DATABASE_URL); each test file makes its own database. */
export default async function setup(project: TestProject) {
  const external = process.env.TEST_DATABASE_URL
  if (external) {
    project.provide('postgresAdminUrl', external)
    return
  }
  const cluster = await startPostgresCluster()
  project.provide('postgresAdminUrl', cluster.adminUrl)
  return () => cluster.stop()
}
