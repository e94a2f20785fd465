import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { queryRows } from '../../db/client'
import { migrationsDir } from '../../lib/app-root'
import { databaseRetryAfterSeconds } from '../../lib/database-errors'

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

const readyAnswer = z.object({
  status: z.enum(['ready', 'not_ready']),
  database: z.enum(['ok', 'unreachable']),
  migrations: z.enum(['done', 'pending', 'unknown']),
})

/**
 * GET /api/ready for the load balancer or orchestrator: 200 once this build's migrations are in
 * the database and it answers, 503 otherwise. `/api/health` stays the liveness check.
 */
export async function readinessRoutes(app: FastifyInstance) {
  const newest = newestMigrationMillis()
  app.get(
    '/api/ready',
    {
      config: { public: true },
      schema: { response: { 200: readyAnswer, 503: readyAnswer } },
    },
    async (_request, reply) => {
      const state = await readiness(app, newest)
      const isReady = state.database === 'ok' && state.migrations === 'done'
      if (isReady) return { status: 'ready', ...state }
      return reply
        .code(503)
        .header('retry-after', String(databaseRetryAfterSeconds))
        .send({ status: 'not_ready', ...state })
    },
  )
}
