import { backupFormatVersion } from './backup'

export type BackupFile = {
  format: 'streamline-backup'
  version: number
  exportedAt: string
  /** Each table's rows by its name, as the export wrote them (properties, JSON values). */
  tables: Record<string, Record<string, unknown>[]>
}

/** A file a restore will not load, said in a sentence for the operator. */
export class BackupFileError extends Error {}

/** Reads a backup's text: a StreamLine backup of this build's format or an earlier one. */
export function parseBackupFile(text: string): BackupFile {
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch {
    throw new BackupFileError('The file is not JSON: is it a whole StreamLine backup?')
  }
  const file = parsed as Partial<BackupFile> | null
  if (file?.format !== 'streamline-backup' || typeof file.tables !== 'object' || !file.tables) {
    throw new BackupFileError(
      'The file is not a StreamLine backup (no "format": "streamline-backup").',
    )
  }
  if (!Number.isInteger(file.version) || file.version! < 1) {
    throw new BackupFileError('The backup names no format version.')
  }
  if (file.version! > backupFormatVersion) {
    throw new BackupFileError(
      `The backup is format version ${file.version}, newer than this build reads (${backupFormatVersion}): ` +
        'restore it with the StreamLine release that wrote it, or a later one.',
    )
  }
  for (const [name, rows] of Object.entries(file.tables)) {
    if (!Array.isArray(rows))
      throw new BackupFileError(`The backup's table ${name} is not a list of rows.`)
  }
  return file as BackupFile
}
