import type { FastifyBaseLogger } from 'fastify'
import type { LastBackup } from '../../../common/maintenance'
import type { Db } from '../../db/client'
import { whileRenewing } from '../../lib/lease'
import { pruneBackupFiles, writeBackupFile } from './backup-files'
import { claimBackup, recordBackup, releaseBackupClaim, renewBackupClaim } from './backup-state'

export type BackupRun = { outcome: 'written'; backup: LastBackup } | { outcome: 'busy' | 'not_due' }

/**
 * What a backup is written with: the database, its clock and log, and BACKUP_DIR with
 * BACKUP_KEEP (null when unset). The app is one (the daily job); so is a command's context with
 * the setting added (Backup now).
 */
export type BackupWriter = {
  db: Db
  now(): Date
  log: FastifyBaseLogger
  config: { backups: { dir: string; keep: number } | null }
}

const startOfUtcDay = (now: Date) =>
  new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()))

/**
 * Writes a backup file into BACKUP_DIR and keeps the newest BACKUP_KEEP. Daily, it writes only
 * when none was written this (UTC) day; whatever the reason, one process writes at a time.
 */
export async function writeBackup(
  app: BackupWriter,
  { daily }: { daily: boolean },
): Promise<BackupRun> {
  const target = app.config.backups
  if (!target) throw new Error('BACKUP_DIR is not set')
  const now = app.now()
  const token = await claimBackup(app.db, now, daily ? startOfUtcDay(now) : null)
  if (!token) return { outcome: daily ? 'not_due' : 'busy' }
  try {
    const written = await whileRenewing(
      () => renewBackupClaim(app.db, token, app.now()),
      (error) => app.log.warn({ err: error }, 'Could not renew the backup claim'),
      () => writeBackupFile(app.db, target.dir, now),
    )
    const backup = { at: now.toISOString(), ...written }
    await recordBackup(app.db, token, backup)
    const removed = await pruneBackupFiles(target.dir, target.keep)
    app.log.info({ ...written, removed: removed.length }, 'Backup written')
    return { outcome: 'written', backup }
  } catch (error) {
    await releaseBackupClaim(app.db, token).catch(() => undefined)
    throw error
  }
}
