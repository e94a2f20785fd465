import { eq, inArray, sql } from 'drizzle-orm'
import type { AuditSubject } from '../../../common/audit'
import { messageKinds, type MessageKind } from '../../../common/messages'
import type { Db } from '../../db/client'
import { blogPosts } from '../../db/schema/blog-posts'
import { discounts } from '../../db/schema/discounts'
import { legalPages } from '../../db/schema/legal-pages'
import { m3uLines } from '../../db/schema/m3u-lines'
import { outboxMessages } from '../../db/schema/outbox-messages'
import { plans } from '../../db/schema/plans'
import { savedReplies } from '../../db/schema/saved-replies'
import { supplierDrift } from '../../db/schema/supplier-drift'
import { supportTickets } from '../../db/schema/support-tickets'
import { trialRequests } from '../../db/schema/trial-requests'
import { users } from '../../db/schema/users'

type SubjectRow = { id: string; name: string | null; personId?: string | null } & Partial<
  Record<'plan' | 'price', string | null>
>

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
const isUuid = (id: string) => uuidPattern.test(id)
const isMessageKind = (id: string): id is MessageKind => Object.hasOwn(messageKinds, id)

const kindLabel = (kind: string) => (isMessageKind(kind) ? messageKinds[kind].label : kind)

/** Message kinds are named by their label: no row to read, and a reset template is not gone. */
const kindSubjects = (ids: string[], suffix = ''): SubjectRow[] =>
  ids.filter(isMessageKind).map((kind) => ({ id: kind, name: `${kindLabel(kind)}${suffix}` }))

type Reader = {
  /** The ids this entity type is known by; any other id (a name, a path) is not looked up. */
  isId: (id: string) => boolean
  read: (db: Db, ids: string[]) => Promise<SubjectRow[]>
}

/**
 * Each entity type the trail names, read by id in one query per type. An audited entity type
 * missing here is recorded without a name, and its entries read "saved a saved reply".
 */
const readers: Record<string, Reader> = {
  trial_request: {
    isId: isUuid,
    read: (db, ids) =>
      db
        .select({
          id: trialRequests.id,
          name: trialRequests.name,
          plan: trialRequests.paidPlan,
          price: trialRequests.subscriptionPrice,
        })
        .from(trialRequests)
        .where(inArray(trialRequests.id, ids)),
  },
  plan: {
    isId: isUuid,
    read: (db, ids) =>
      db.select({ id: plans.id, name: plans.name }).from(plans).where(inArray(plans.id, ids)),
  },
  // A discount is known by its code where it has one ("SPRING10").
  discount: {
    isId: isUuid,
    read: (db, ids) =>
      db
        .select({
          id: discounts.id,
          name: sql<string>`coalesce(${discounts.code}, ${discounts.name})`,
        })
        .from(discounts)
        .where(inArray(discounts.id, ids)),
  },
  blog_post: {
    isId: isUuid,
    read: (db, ids) =>
      db
        .select({ id: blogPosts.id, name: blogPosts.title })
        .from(blogPosts)
        .where(inArray(blogPosts.id, ids)),
  },
  legal_page: {
    isId: isUuid,
    read: (db, ids) =>
      db
        .select({ id: legalPages.id, name: legalPages.title })
        .from(legalPages)
        .where(inArray(legalPages.id, ids)),
  },
  support_ticket: {
    isId: isUuid,
    read: (db, ids) =>
      db
        .select({ id: supportTickets.id, name: supportTickets.subject })
        .from(supportTickets)
        .where(inArray(supportTickets.id, ids)),
  },
  saved_reply: {
    isId: isUuid,
    read: (db, ids) =>
      db
        .select({ id: savedReplies.id, name: savedReplies.title })
        .from(savedReplies)
        .where(inArray(savedReplies.id, ids)),
  },
  admin_user: {
    isId: isUuid,
    read: (db, ids) =>
      db.select({ id: users.id, name: users.username }).from(users).where(inArray(users.id, ids)),
  },
  // A line is named by its owner, else by its username on the panel.
  m3u_line: {
    isId: isUuid,
    read: (db, ids) =>
      db
        .select({
          id: m3uLines.id,
          name: sql<string | null>`coalesce(${trialRequests.name}, ${m3uLines.username})`,
          personId: m3uLines.trialRequestId,
        })
        .from(m3uLines)
        .leftJoin(trialRequests, eq(trialRequests.id, m3uLines.trialRequestId))
        .where(inArray(m3uLines.id, ids)),
  },
  supplier: {
    isId: isUuid,
    read: (db, ids) =>
      db
        .select({ id: supplierDrift.id, name: supplierDrift.username })
        .from(supplierDrift)
        .where(inArray(supplierDrift.id, ids)),
  },
  message_template: { isId: isMessageKind, read: async (_db, ids) => kindSubjects(ids) },
  // A message sent again is named by its kind and its person; a test send by its kind alone.
  message: {
    isId: (id) => isUuid(id) || isMessageKind(id),
    read: async (db, ids) => {
      const messageIds = ids.filter(isUuid)
      const sent = messageIds.length
        ? await db
            .select({
              id: outboxMessages.id,
              kind: outboxMessages.kind,
              personName: trialRequests.name,
              personId: outboxMessages.trialRequestId,
            })
            .from(outboxMessages)
            .leftJoin(trialRequests, eq(trialRequests.id, outboxMessages.trialRequestId))
            .where(inArray(outboxMessages.id, messageIds))
        : []
      return [
        ...kindSubjects(ids, ' e-mail'),
        ...sent.map(({ id, kind, personName, personId }) => ({
          id,
          name: `${kindLabel(kind)} e-mail${personName ? ` to ${personName}` : ''}`,
          personId,
        })),
      ]
    },
  },
}

export type EntityRef = { entityType: string; entityId: string | null }

/** The key `currentSubjects` answers under. */
export const subjectKey = ({ entityType, entityId }: EntityRef) => `${entityType}:${entityId}`

/** Whether the trail can say what this entity is (and so whether it still exists). */
export const isNamedEntity = (ref: EntityRef): ref is { entityType: string; entityId: string } =>
  !!ref.entityId && (readers[ref.entityType]?.isId(ref.entityId) ?? false)

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
    const rows = await readers[entityType]!.read(db, [...ids])
    for (const row of rows) found.set(subjectKey({ entityType, entityId: row.id }), subjectOf(row))
  }
  return found
}

/** What one entity is called now, or null (unnamed, or gone). */
export async function currentSubject(db: Db, ref: EntityRef): Promise<AuditSubject | null> {
  return (await currentSubjects(db, [ref])).get(subjectKey(ref)) ?? null
}
