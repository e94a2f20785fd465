// `npm run restore -- FILE [--replace]`: loads a backup into the database `npm start` would open
// (DATABASE_URL, or DATA_DIR), with the product stopped. Every step says what it did.
import { readFile } from 'node:fs/promises'
import { dirname, join, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { holdsRows } from '../db/table-contents'
import { exitWith, loadConfigOrExit, openDatabaseOrExit } from './exit-with'
import { backupTables } from '../modules/maintenance/backup'
import { BackupFileError, parseBackupFile } from '../modules/maintenance/backup-file'
import { writeBackupFile } from '../modules/maintenance/backup-files'
import { restoreBackup, type RestoreReport } from '../modules/maintenance/restore-backup'

const say = (line = '') => process.stdout.write(`${line}\n`)

function printReport({ tables, unknownTables, codes }: RestoreReport, version: number) {
  const width = Math.max(...tables.map(({ table }) => table.length))
  for (const { table, rows, ignoredColumns, notInFile } of tables) {
    const notes = [
      notInFile ? `not in a format ${version} backup: left empty` : '',
      ignoredColumns.length
        ? `columns this release does not have, left out: ${ignoredColumns.join(', ')}`
        : '',
    ].filter(Boolean)
    say(
      `  ${table.padEnd(width)}  ${String(rows).padStart(7)} rows${notes.length ? `  (${notes.join('; ')})` : ''}`,
    )
  }
  if (unknownTables.length)
    say(`  Tables this release does not know, left out: ${unknownTables.join(', ')}`)
  say()
  say('Backups hold no passwords or second factors: every staff account sets a new password.')
  if (codes.length) {
    say(`One-time codes for the super admins, valid until ${codes[0]!.expiresAt.toISOString()}:`)
    for (const { username, code } of codes) say(`  ${username}  ${code}`)
    say('Each signs in once at /admin in place of the password, then asks for a new password.')
  }
  say('A super admin then sets a new password on every other staff account')
  say('(Business Settings, Admin User Management: the key button on its row).')
  say("Lines' passwords and people's Telegram and unsubscribe links are not in backups either:")
  say("reset a line's password to send its customer a new one; new links go out with new messages.")
}

async function main() {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { replace: { type: 'boolean', default: false } },
  })
  if (positionals.length !== 1) exitWith('Usage: npm run restore -- FILE [--replace]')
  const path = resolve(positionals[0]!)
  const config = loadConfigOrExit()
  const text = await readFile(path, 'utf8').catch((error: NodeJS.ErrnoException) =>
    exitWith(`Cannot read ${path}: ${error.code ?? error.message}`),
  )
  let file
  try {
    file = parseBackupFile(text)
  } catch (error) {
    if (error instanceof BackupFileError) exitWith(`${path}: ${error.message}`)
    throw error
  }
  const target =
    config.database.kind === 'postgres'
      ? 'the PostgreSQL database of DATABASE_URL'
      : `the embedded database in ${resolve(config.database.dataDir)}`
  say(`Restoring ${path} (format ${file.version}, exported ${file.exportedAt}) into ${target}.`)
  const database = await openDatabaseOrExit(config)
  try {
    const now = new Date()
    if (
      await holdsRows(
        database.db,
        backupTables.map(({ name }) => name),
      )
    ) {
      if (!values.replace) {
        await database.close()
        exitWith(
          'The database holds data: nothing was changed. To replace it with the backup, run again ' +
            'with --replace (a backup of what it holds is saved first).',
        )
      }
      const dir = config.backups?.dir ?? dirname(path)
      const saved = await writeBackupFile(database.db, dir, now)
      say(`Saved a backup of what the database held before replacing it: ${join(dir, saved.file)}`)
    }
    const panelOrigin = config.supplierApiUrl
      ? new URL(config.supplierApiUrl).origin
      : 'https://supplier-panel.invalid'
    const report = await restoreBackup(database.db, file, {
      now,
      panelOrigin,
      replace: values.replace,
    })
    say('Loaded, in one transaction:')
    printReport(report, file.version)
  } finally {
    await database.close()
  }
}

await main()
