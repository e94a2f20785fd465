import { buildApp } from './app'
import { ConfigError, loadConfig, type Config } from './config'
import { openDatabase, type Database } from './db/client'
import { DataDirLockedError } from './db/data-dir-lock'
import { scheduleJobs } from './jobs/schedule'
import { planTemplates } from '../common/plans'
import { bootstrapAdmin } from './modules/admins/bootstrap-admin'
import { seedPlanTemplates } from './modules/plans/plans.service'

/** Configuration and start-up problems end the process with one readable line. */
function exitWith(message: string): never {
  process.stderr.write(`${message}\n`)
  process.exit(1)
}

async function openDatabaseOrExit(config: Config): Promise<Database> {
  try {
    return await openDatabase(config.database)
  } catch (error) {
    if (error instanceof DataDirLockedError) exitWith(error.message)
    const reason = error instanceof Error ? error.message : String(error)
    exitWith(`Cannot open the database: ${reason}`)
  }
}

async function main() {
  let config: Config
  try {
    config = loadConfig()
  } catch (error) {
    if (error instanceof ConfigError) exitWith(error.message)
    throw error
  }

  const database = await openDatabaseOrExit(config)
  const app = await buildApp({ config, database })
  await bootstrapAdmin(app.db, config, app.log)
  await seedPlanTemplates(app.db, planTemplates)
  const stopJobs = scheduleJobs(app)

  let isShuttingDown = false
  const shutdown = async (signal: string) => {
    if (isShuttingDown) return
    isShuttingDown = true
    app.log.info({ signal }, 'Shutting down')
    stopJobs()
    // Stops accepting, lets requests in flight finish, then runs onClose hooks.
    await app.close()
    await database.close()
    process.exit(0)
  }
  process.on('SIGTERM', () => void shutdown('SIGTERM'))
  process.on('SIGINT', () => void shutdown('SIGINT'))

  try {
    await app.listen({ port: config.port, host: config.host })
  } catch (error) {
    await database.close()
    const reason =
      (error as NodeJS.ErrnoException).code === 'EADDRINUSE' ? 'is already in use' : String(error)
    exitWith(`Cannot listen on ${config.host}:${config.port}: port ${reason}`)
  }
}

void main()
