import { buildApp } from './app'
import { ConfigError, loadConfig, type Config } from './config'
import { openDatabase, type Database } from './db/client'
import { DataDirLockedError } from './db/data-dir-lock'
import { scheduleJobs } from './jobs/schedule'
import { trackConnections } from './lib/connections'
import { closeWithin } from './lib/graceful-shutdown'
import { planTemplates } from '../common/plans'
import { bootstrapAdmin } from './modules/admins/bootstrap-admin'
import { seedPlanTemplates } from './modules/plans/plans.service'

/** How long requests in flight may finish once a stop signal arrives (docs/architecture.md §2). */
const shutdownGraceMs = 10_000

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
  const connections = trackConnections(app.server, config.maxConnectionsPerIp)

  let isShuttingDown = false
  const shutdown = async (signal: NodeJS.Signals) => {
    if (isShuttingDown) return
    isShuttingDown = true
    const startedAt = Date.now()
    app.log.info({ signal }, 'Shutting down')
    // Should something still hang once every connection is cut (an unreachable database), stop.
    setTimeout(() => exitWith('Shutdown did not finish in time'), shutdownGraceMs + 5_000).unref()
    stopJobs()
    const cutConnections = await closeWithin(app, connections, shutdownGraceMs)
    await database.close()
    app.log.info({ cutConnections, durationMs: Date.now() - startedAt }, 'Shut down')
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
