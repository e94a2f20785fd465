import { cpSync, mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { inject } from 'vitest'

/** A new data directory with a copy of `from`'s, which no server may hold while it is copied. */
export function copyOfDataDir(from: string, prefix: string): string {
  const dataDir = mkdtempSync(join(tmpdir(), prefix))
  cpSync(from, dataDir, { recursive: true })
  return dataDir
}

/**
 * For a spec's own server: a copy of the run's migrated database with the owner in it
 * (global-setup.ts), so that its start neither creates the database nor hashes at OWASP's cost.
 */
export const migratedDataDir = (prefix: string) => copyOfDataDir(inject('migratedDataDir'), prefix)
