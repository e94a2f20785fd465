import { ConfigError, loadConfig, type Config } from '../config'
import { openDatabase, type Database } from '../db/client'
import { DataDirLockedError } from '../db/data-dir-lock'

/** Configuration and start-up problems end the process with one readable line. */
export function exitWith(message: string): never {
  process.stderr.write(`${message}\n`)
  process.exit(1)
}

/** Opens and migrates the configured database, or ends the process saying why it could not. */
export async function openDatabaseOrExit(config: Config): Promise<Database> {
  try {
    return await openDatabase(config.database)
  } catch (error) {
    if (error instanceof DataDirLockedError) exitWith(error.message)
    const reason = error instanceof Error ? error.message : String(error)
    exitWith(`Cannot open the database: ${reason}`)
  }
}

/** The configuration from the environment, or the process ends naming what is wrong. */
export function loadConfigOrExit(): Config {
  try {
    return loadConfig()
  } catch (error) {
    if (error instanceof ConfigError) exitWith(error.message)
    throw error
  }
}
