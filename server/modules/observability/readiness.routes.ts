import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { sql } from 'drizzle-orm'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { z } from 'zod'
import { hasRole } from '../../../common/admin-users'
import { queryRows } from '../../db/client'
import { migrationsDir } from '../../lib/app-root'
import { databaseRetryAfterSeconds } from '../../lib/database-errors'
import { holdsMetricsToken } from './metrics-token'

/** When this build's newest migration was made: the database must have applied it. */
function newestMigrationMillis(): number {
  const journal = JSON.parse(readFileSync(join(migrationsDir, 'meta/_journal.json'), 'utf8')) as {
    entries: { when: number }[]
  }
  return Math.max(...journal.entries.map((entry) => entry.when))
}

/** Whether the database answers and holds every migration this build has (another process may be migrating). */
async function readiness(app: FastifyInstance, newest: number) {
  try {
    const [row] = await queryRows<{ applied: string | null }>(
      app.db,
      sql`select max(created_at) as applied from drizzle.__drizzle_migrations`,
    )
    const isMigrated = Number(row?.applied ?? 0) >= newest
    return { database: 'ok', migrations: isMigrated ? 'done' : 'pending' } as const
  } catch {
    return { database: 'unreachable', migrations: 'unknown' } as const
  }
}

/** The public's answer is the status alone; the why is for the scraper, admins and the log. */
const readyAnswer = z.object({
  status: z.enum(['ready', 'not ready']),
  database: z.enum(['ok', 'unreachable']).optional(),
  migrations: z.enum(['done', 'pending', 'unknown']).optional(),
})

/** The scraper with METRICS_TOKEN as its bearer, or a signed-in admin. */
const isToldWhy = (request: FastifyRequest, token: string | null) =>
  holdsMetricsToken(token, request.headers.authorization) ||
  (request.admin !== null && hasRole(request.admin.role, 'admin'))

/**
 * GET /api/ready for the load balancer or orchestrator: 200 once this build's migrations are in
 * the database and it answers, 503 otherwise and once the process is stopping. `/api/health`
 * stays the liveness check.
 */
export async function readinessRoutes(app: FastifyInstance) {
  const newest = newestMigrationMillis()
  // From a stop signal on, the process is leaving: whatever checks readiness stops sending to it.
  let isStopping = false
  app.addHook('preClose', (done) => {
    isStopping = true
    done()
  })
  // Logged when it changes, not at every poll of the load balancer.
  let lastLogged = 'ready'
  app.get(
    '/api/ready',
    {
      config: { public: true },
      schema: {
        description:
          'The public gets `{ status }` alone; `Authorization: Bearer {METRICS_TOKEN}` or an admin session adds the database and migrations.',
        response: { 200: readyAnswer, 503: readyAnswer },
      },
    },
    async (request, reply) => {
      const state = await readiness(app, newest)
      const isServing = state.database === 'ok' && state.migrations === 'done'
      const status = isServing && !isStopping ? 'ready' : 'not ready'
      // A stopping process's answer is no problem to report: the shutdown logs itself.
      const why = `database ${state.database}, migrations ${state.migrations}`
      if (why !== lastLogged && !isServing) app.log.warn(state, `Not ready: ${why}`)
      lastLogged = isServing ? 'ready' : why
      const answer = isToldWhy(request, app.config.metricsToken) ? { status, ...state } : { status }
      if (status === 'ready') return answer
      return reply.code(503).header('retry-after', String(databaseRetryAfterSeconds)).send(answer)
    },
  )
}
