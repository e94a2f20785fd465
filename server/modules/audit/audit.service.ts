import { and, desc, eq, type SQL } from 'drizzle-orm'
import type { AuditDetails, AuditEntry } from '../../../common/audit'
import type { Db } from '../../db/client'
import { auditLog } from '../../db/schema/audit-log'
import { keyset } from '../../lib/keyset'

type Actor = { id: string; username: string }

export async function recordAudit(
  db: Db,
  entry: {
    actor: Actor
    action: string
    entityType: string
    entityId: string | null
    details?: AuditDetails | null
    now: Date
  },
): Promise<void> {
  await db.insert(auditLog).values({
    actorId: entry.actor.id,
    actorUsername: entry.actor.username,
    action: entry.action,
    entityType: entry.entityType,
    entityId: entry.entityId,
    details: entry.details ?? null,
    createdAt: entry.now,
  })
}

// Rows per INSERT: far below PostgreSQL's 65535 bind parameters.
const insertBatch = 1000

/** Records many changes made by the system itself (scheduled jobs), in batches. */
export async function recordSystemAudit(
  db: Db,
  entries: { action: string; entityId: string }[],
  entityType: string,
  now: Date,
): Promise<void> {
  for (let start = 0; start < entries.length; start += insertBatch) {
    await db.insert(auditLog).values(
      entries.slice(start, start + insertBatch).map(({ action, entityId }) => ({
        actorId: null,
        actorUsername: 'system',
        action,
        entityType,
        entityId,
        createdAt: now,
      })),
    )
  }
}

export type AuditFilter = {
  action?: string
  actor?: string
  entityType?: string
  entityId?: string
}

export async function listAudit(
  db: Db,
  filter: AuditFilter,
  { limit, cursor }: { limit: number; cursor: string | undefined },
): Promise<{ entries: AuditEntry[]; nextCursor: string | null }> {
  const pages = keyset(auditLog, cursor, limit)
  const conditions: (SQL | undefined)[] = [
    filter.action ? eq(auditLog.action, filter.action) : undefined,
    filter.actor ? eq(auditLog.actorUsername, filter.actor) : undefined,
    filter.entityType ? eq(auditLog.entityType, filter.entityType) : undefined,
    filter.entityId ? eq(auditLog.entityId, filter.entityId) : undefined,
    pages.after,
  ]
  const rows = await db
    .select()
    .from(auditLog)
    .where(and(...conditions))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(pages.fetchSize)
  const page = pages.page(rows)
  return {
    entries: page.rows.map(({ actorId: _actorId, ...row }) => ({
      ...row,
      createdAt: row.createdAt.toISOString(),
    })),
    nextCursor: page.nextCursor,
  }
}
