import { execFileSync } from 'node:child_process'
import { mkdirSync, mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { inject } from 'vitest'

/**
 * A new data directory holding the dump in `startFile` (migrated-copies.ts) unpacked where a
 * server keeps its PGlite database (`<DATA_DIR>/pglite`, server/db/client.ts).
 */
export function pgliteDataDirFrom(startFile: string, prefix: string): string {
  const dataDir = mkdtempSync(join(tmpdir(), prefix))
  const database = join(dataDir, 'pglite')
  mkdirSync(database)
  // The dump's names start at `/`; tar's note that it drops it is no news (stderr is kept for a failure).
  execFileSync('tar', ['-xf', startFile, '-C', database], { stdio: 'pipe' })
  return dataDir
}

/**
 * A new PGlite data directory holding the run's migrated database with the owner, global setup's.
 * A start on it neither creates the database (PGlite's initdb) nor migrates it nor hashes a first
 * admin at OWASP's cost; a start from nothing stays tested by main.test.ts.
 */
export const migratedPgliteDataDir = (prefix: string): string =>
  pgliteDataDirFrom(inject('pgliteStartFile'), prefix)
