import { randomBytes } from 'node:crypto'
import { writeFileSync } from 'node:fs'
import pg from 'pg'
import { openDatabase } from '../db/client'
import { owner } from './owner'
import { seedFirstSuperAdmin } from './seed-admin'

// Every test server used to run all migrations and hash the owner's password, and on PGlite also
// boot from nothing (its initdb): seconds of CPU each. The run does that once here, on each
// database kind, and the servers start from copies. Start-up's own migrations still run on the
// copies (finding nothing to do) and from empty where a test opens an empty database.

/** A dump of a migrated in-memory PGlite with the owner, written to `file`. */
export async function writePgliteStart(file: string): Promise<void> {
  const database = await openDatabase({ kind: 'pglite', dataDir: 'memory://' })
  await seedFirstSuperAdmin(database.db, owner)
  if (database.kind !== 'pglite') throw new Error('expected PGlite')
  const dump = await database.client.dumpDataDir('none')
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()))
  await database.close()
}

async function runAsAdmin(adminUrl: string, statement: string) {
  const client = new pg.Client(adminUrl)
  await client.connect()
  try {
    await client.query(statement)
  } finally {
    await client.end()
  }
}

/** A migrated PostgreSQL database with the owner, for `create database … template`; and its drop. */
export async function createPostgresTemplate(adminUrl: string) {
  const name = `test_template_${randomBytes(6).toString('hex')}`
  await runAsAdmin(adminUrl, `create database ${name}`)
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  const database = await openDatabase({ kind: 'postgres', url: url.toString() })
  await seedFirstSuperAdmin(database.db, owner)
  await database.close()
  return {
    name,
    drop: () => runAsAdmin(adminUrl, `drop database if exists ${name} with (force)`),
  }
}
