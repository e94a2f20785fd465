import { existsSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { openDatabase } from '../db/client'
import { owner } from './owner'
import { createThrowawayDatabase, type ThrowawayDatabase } from './postgres-cluster'
import { seedFirstSuperAdmin } from './seed-admin'

// Every test server used to run all migrations and hash the owner's password, and on PGlite also
// boot from nothing (its initdb): seconds of CPU each. The run does that once here, on each
// database kind, and the servers start from copies. Start-up's own migrations still run on the
// copies (finding nothing to do) and from empty where a test opens an empty database.

/** A dump of a migrated in-memory PGlite with the owner, written to `file`. */
async function writePgliteStart(file: string): Promise<void> {
  const database = await openDatabase({ kind: 'pglite', dataDir: 'memory://' })
  await seedFirstSuperAdmin(database.db, owner)
  if (database.kind !== 'pglite') throw new Error('expected PGlite')
  const dump = await database.client.dumpDataDir('none')
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()))
  await database.close()
}

/**
 * The file of that dump for this run: made once in `TEST_RUN_DIR` when `npm test` names one, so
 * that its stages share it (scripts/test-stages.mjs), else in `dir`. A tar of the data directory.
 */
export async function pgliteStartFile(dir: string): Promise<string> {
  const shared = process.env.TEST_RUN_DIR
  const file = join(shared ?? dir, 'pglite-start.tar')
  if (shared && existsSync(file)) return file
  await writePgliteStart(file)
  return file
}

/** A migrated PostgreSQL database with the owner, for `create database … template`; and its drop. */
export async function createPostgresTemplate(adminUrl: string): Promise<ThrowawayDatabase> {
  const template = await createThrowawayDatabase(adminUrl, { prefix: 'test_template' })
  const database = await openDatabase({ kind: 'postgres', url: template.url })
  await seedFirstSuperAdmin(database.db, owner)
  await database.close()
  return template
}
