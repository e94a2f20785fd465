import { and, desc, eq, type SQL } from 'drizzle-orm'
import type { AuditDetails, AuditEntry, AuditSubject } from '../../../common/audit'
import type { Db } from '../../db/client'
import { auditLog } from '../../db/schema/audit-log'
import { keyset } from '../../lib/keyset'
import { currentSubject, currentSubjects, isNamedEntity, subjectKey } from './audit-subjects'

/**
 * Who wrote an entry, named as they were then: an admin, or with a null id the system or a
 * customer acting on their own page (`customer`).
 */
export type Actor = { id: string | null; username: string }

type AuditRow = typeof auditLog.$inferSelect

export async function recordAudit(
  db: Db,
  entry: {
    actor: Actor
    action: string
    entityType: string
    entityId: string | null
    details?: AuditDetails | null
    /** What the entity was called before the change: a deleted one can no longer be read. */
    subjectBefore?: AuditSubject | null
    now: Date
  },
): Promise<void> {
  // Named as it is after the change (a converted subscription's plan), else as it was before.
  const subject = (await currentSubject(db, entry)) ?? entry.subjectBefore
  await db.insert(auditLog).values({
    actorId: entry.actor.id,
    actorUsername: entry.actor.username,
    action: entry.action,
    entityType: entry.entityType,
    entityId: entry.entityId,
    details: entry.details ?? null,
    subject: subject ?? null,
    createdAt: entry.now,
  })
}

// Rows per INSERT: far below PostgreSQL's 65535 bind parameters.
const insertBatch = 1000

/** Records many changes made by the system itself (scheduled jobs), in batches. */
export async function recordSystemAudit(
  db: Db,
  entries: { action: string; entityId: string; details?: AuditDetails }[],
  entityType: string,
  now: Date,
): Promise<void> {
  for (let start = 0; start < entries.length; start += insertBatch) {
    const batch = entries.slice(start, start + insertBatch)
    const subjects = await currentSubjects(
      db,
      batch.map(({ entityId }) => ({ entityType, entityId })),
    )
    await db.insert(auditLog).values(
      batch.map(({ action, entityId, details }) => ({
        actorId: null,
        actorUsername: 'system',
        action,
        entityType,
        entityId,
        details: details ?? null,
        subject: subjects.get(subjectKey({ entityType, entityId })) ?? null,
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
  return { entries: await presentAuditEntries(db, page.rows), nextCursor: page.nextCursor }
}

/**
 * Trail rows as the API answers them, each naming its entity: as recorded with the change, else
 * (entries older than that) as it is called now. An entity no longer found is marked gone.
 */
export async function presentAuditEntries(db: Db, rows: AuditRow[]): Promise<AuditEntry[]> {
  const current = await currentSubjects(db, rows)
  return rows.map(({ actorId: _actorId, ...row }) => {
    const now = current.get(subjectKey(row))
    return {
      ...row,
      subject: row.subject ?? now ?? null,
      isEntityGone: isNamedEntity(row) && now === undefined,
      createdAt: row.createdAt.toISOString(),
    }
  })
}
