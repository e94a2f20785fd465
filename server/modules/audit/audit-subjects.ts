import { eq, inArray, sql } from 'drizzle-orm'
import type { AuditSubject } from '../../../common/audit'
import type { Db } from '../../db/client'
import { blogPosts } from '../../db/schema/blog-posts'
import { discounts } from '../../db/schema/discounts'
import { legalPages } from '../../db/schema/legal-pages'
import { m3uLines } from '../../db/schema/m3u-lines'
import { plans } from '../../db/schema/plans'
import { supplierDrift } from '../../db/schema/supplier-drift'
import { supportTickets } from '../../db/schema/support-tickets'
import { trialRequests } from '../../db/schema/trial-requests'
import { users } from '../../db/schema/users'

type SubjectRow = { id: string; name: string | null; personId?: string | null } & Partial<
  Record<'plan' | 'price', string | null>
>

/** Each entity type the trail names, read by id (uuid) in one query per type. */
const readers: Record<string, (db: Db, ids: string[]) => Promise<SubjectRow[]>> = {
  trial_request: (db, ids) =>
    db
      .select({
        id: trialRequests.id,
        name: trialRequests.name,
        plan: trialRequests.paidPlan,
        price: trialRequests.subscriptionPrice,
      })
      .from(trialRequests)
      .where(inArray(trialRequests.id, ids)),
  plan: (db, ids) =>
    db.select({ id: plans.id, name: plans.name }).from(plans).where(inArray(plans.id, ids)),
  // A discount is known by its code where it has one ("SPRING10").
  discount: (db, ids) =>
    db
      .select({
        id: discounts.id,
        name: sql<string>`coalesce(${discounts.code}, ${discounts.name})`,
      })
      .from(discounts)
      .where(inArray(discounts.id, ids)),
  blog_post: (db, ids) =>
    db
      .select({ id: blogPosts.id, name: blogPosts.title })
      .from(blogPosts)
      .where(inArray(blogPosts.id, ids)),
  legal_page: (db, ids) =>
    db
      .select({ id: legalPages.id, name: legalPages.title })
      .from(legalPages)
      .where(inArray(legalPages.id, ids)),
  support_ticket: (db, ids) =>
    db
      .select({ id: supportTickets.id, name: supportTickets.subject })
      .from(supportTickets)
      .where(inArray(supportTickets.id, ids)),
  admin_user: (db, ids) =>
    db.select({ id: users.id, name: users.username }).from(users).where(inArray(users.id, ids)),
  // A line is named by its owner, else by its username on the panel.
  m3u_line: (db, ids) =>
    db
      .select({
        id: m3uLines.id,
        name: sql<string | null>`coalesce(${trialRequests.name}, ${m3uLines.username})`,
        personId: m3uLines.trialRequestId,
      })
      .from(m3uLines)
      .leftJoin(trialRequests, eq(trialRequests.id, m3uLines.trialRequestId))
      .where(inArray(m3uLines.id, ids)),
  supplier: (db, ids) =>
    db
      .select({ id: supplierDrift.id, name: supplierDrift.username })
      .from(supplierDrift)
      .where(inArray(supplierDrift.id, ids)),
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export type EntityRef = { entityType: string; entityId: string | null }

/** The key `currentSubjects` answers under. */
export const subjectKey = ({ entityType, entityId }: EntityRef) => `${entityType}:${entityId}`

/** Whether the trail can say what this entity is (and so whether it still exists). */
export const isNamedEntity = (ref: EntityRef): ref is { entityType: string; entityId: string } =>
  ref.entityType in readers && !!ref.entityId && uuidPattern.test(ref.entityId)

function subjectOf(row: SubjectRow): AuditSubject | null {
  if (!row.name) return null
  return {
    name: row.name,
    ...(row.personId ? { personId: row.personId } : {}),
    ...(row.plan ? { plan: row.plan } : {}),
    ...(row.price ? { price: row.price } : {}),
  }
}

/**
 * What each named entity is called now, by `subjectKey`; an entity that no longer exists is absent.
 * One query per entity type present, whatever the number of entries.
 */
export async function currentSubjects(
  db: Db,
  refs: EntityRef[],
): Promise<Map<string, AuditSubject | null>> {
  const idsByType = new Map<string, Set<string>>()
  for (const ref of refs.filter(isNamedEntity)) {
    const ids = idsByType.get(ref.entityType) ?? new Set<string>()
    idsByType.set(ref.entityType, ids.add(ref.entityId))
  }
  const found = new Map<string, AuditSubject | null>()
  for (const [entityType, ids] of idsByType) {
    const rows = await readers[entityType]!(db, [...ids])
    for (const row of rows) found.set(subjectKey({ entityType, entityId: row.id }), subjectOf(row))
  }
  return found
}

/** What one entity is called now, or null (unnamed, or gone). */
export async function currentSubject(db: Db, ref: EntityRef): Promise<AuditSubject | null> {
  return (await currentSubjects(db, [ref])).get(subjectKey(ref)) ?? null
}
