import { createWriteStream } from 'node:fs'
import { open, readdir, rename, rm, stat } from 'node:fs/promises'
import { join } from 'node:path'
import { pipeline } from 'node:stream/promises'
import type { Db } from '../../db/client'
import { backupFileName, backupJson } from './backup'

export type WrittenBackup = { file: string; bytes: number }

// Only what this app names so (backupFileName): other files in the folder are never touched.
const isBackupFile = (name: string) => /^backup-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ\.json$/.test(name)

async function fsyncPath(path: string) {
  const handle = await open(path, 'r')
  try {
    await handle.sync()
  } finally {
    await handle.close()
  }
}

/**
 * Writes the download's JSON into `dir` whole or not at all: into a `.tmp` file first, flushed
 * to disk, then renamed, so a crash never leaves a half backup under a backup's name.
 */
export async function writeBackupFile(db: Db, dir: string, now: Date): Promise<WrittenBackup> {
  const file = backupFileName(now)
  const path = join(dir, file)
  const temporary = `${path}.tmp`
  try {
    await pipeline(backupJson(db, now), createWriteStream(temporary, { mode: 0o600 }))
    await fsyncPath(temporary)
    await rename(temporary, path)
    // The rename itself is durable once the folder is flushed.
    await fsyncPath(dir)
  } catch (error) {
    await rm(temporary, { force: true })
    throw error
  }
  return { file, bytes: (await stat(path)).size }
}

/** Deletes all but the newest `keep` backup files (their names sort by time). */
export async function pruneBackupFiles(dir: string, keep: number): Promise<string[]> {
  const names = (await readdir(dir)).filter(isBackupFile).sort()
  const old = names.slice(0, Math.max(0, names.length - keep))
  await Promise.all(old.map((name) => rm(join(dir, name), { force: true })))
  return old
}
