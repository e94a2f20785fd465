import type { Db } from '../db/client'
import { auditLog } from '../db/schema/audit-log'

export type AuditRow = typeof auditLog.$inferSelect

/** What `run` answered, and the audit entries written while it ran. */
export async function withNewEntries<T>(
  db: Db,
  run: () => Promise<T>,
): Promise<{ result: T; entries: AuditRow[] }> {
  const known = new Set((await db.select({ id: auditLog.id }).from(auditLog)).map(({ id }) => id))
  const result = await run()
  const entries = (await db.select().from(auditLog)).filter(({ id }) => !known.has(id))
  return { result, entries }
}
