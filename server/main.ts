import { setTimeout as sleep } from 'node:timers/promises'
import { buildApp } from './app'
import { scheduleJobs } from './jobs/schedule'
import { trackConnections } from './lib/connections'
import { closeWithin } from './lib/graceful-shutdown'
import { exitWith, loadConfigOrExit, openDatabaseOrExit } from './cli/exit-with'
import { planTemplates } from '../common/plans'
import { bootstrapAdmin } from './modules/admins/bootstrap-admin'
import { seedPlanTemplates } from './modules/plans/plans.service'

/** How long requests in flight may finish once a stop signal arrives (docs/architecture.md §2). */
const shutdownGraceMs = 10_000

async function main() {
  const config = loadConfigOrExit()
  const database = await openDatabaseOrExit(config)
  const app = await buildApp({ config, database })
  await bootstrapAdmin(app.db, config, app.log)
  await seedPlanTemplates(app.db, planTemplates)
  const stopJobs = scheduleJobs(app)
  // Rounds still running end before the database closes: their last queries would fail on a
  // closed pool and be reported as failures. One held up past the grace period is cut with it.
  const jobsStopped = () =>
    Promise.race([stopJobs(), sleep(shutdownGraceMs, undefined, { ref: false })])
  const connections = trackConnections(app.server, config.maxConnectionsPerIp)

  let isShuttingDown = false
  const shutdown = async (signal: NodeJS.Signals) => {
    if (isShuttingDown) return
    isShuttingDown = true
    const startedAt = Date.now()
    app.log.info({ signal }, 'Shutting down')
    // Should something still hang once every connection is cut (an unreachable database), stop.
    setTimeout(() => exitWith('Shutdown did not finish in time'), shutdownGraceMs + 5_000).unref()
    const [cutConnections] = await Promise.all([
      closeWithin(app, connections, shutdownGraceMs),
      jobsStopped(),
    ])
    await database.close()
    app.log.info({ cutConnections, durationMs: Date.now() - startedAt }, 'Shut down')
    process.exit(0)
  }
  process.on('SIGTERM', () => void shutdown('SIGTERM'))
  process.on('SIGINT', () => void shutdown('SIGINT'))

  try {
    await app.listen({ port: config.port, host: config.host })
  } catch (error) {
    await jobsStopped()
    await database.close()
    const reason =
      (error as NodeJS.ErrnoException).code === 'EADDRINUSE' ? 'is already in use' : String(error)
    exitWith(`Cannot listen on ${config.host}:${config.port}: port ${reason}`)
  }
}

void main()
