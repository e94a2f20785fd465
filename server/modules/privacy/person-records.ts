import { and, eq, inArray, or, sql, type SQL } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { auditLog } from '../../db/schema/audit-log'
import { m3uLines } from '../../db/schema/m3u-lines'
import { outboxMessages } from '../../db/schema/outbox-messages'
import { supportTickets } from '../../db/schema/support-tickets'
import { trialRequests } from '../../db/schema/trial-requests'
import { notFound } from '../../lib/http-error'

export type PersonRow = typeof trialRequests.$inferSelect

/**
 * What belongs to one person beyond their own row: their line, and the tickets opened with their
 * e-mail address (tickets carry an address, not a person id: the customer view matches them so).
 */
export type PersonRecords = { person: PersonRow; lineId: string | null; ticketIds: string[] }

export async function findPersonRecords(db: Db, personId: string): Promise<PersonRecords> {
  const [person] = await db.select().from(trialRequests).where(eq(trialRequests.id, personId))
  if (!person) throw notFound('Trial request not found')
  const [line] = await db
    .select({ id: m3uLines.id })
    .from(m3uLines)
    .where(eq(m3uLines.trialRequestId, personId))
  const tickets = await db
    .select({ id: supportTickets.id })
    .from(supportTickets)
    .where(sql`lower(${supportTickets.customerEmail}) = ${person.email.toLowerCase()}`)
  return { person, lineId: line?.id ?? null, ticketIds: tickets.map((ticket) => ticket.id) }
}

/** The Activity trail's entries about the person, their line or their tickets. */
export function auditAbout({ person, lineId, ticketIds }: PersonRecords): SQL {
  const about = (entityType: string, ids: string[]) =>
    ids.length
      ? and(eq(auditLog.entityType, entityType), inArray(auditLog.entityId, ids))
      : undefined
  return or(
    about('trial_request', [person.id]),
    about('m3u_line', lineId ? [lineId] : []),
    about('support_ticket', ticketIds),
  )!
}

/** Messages we sent or queued to the person: theirs, their tickets', and any to their address. */
export function messagesTo({ person, ticketIds }: PersonRecords): SQL {
  return or(
    eq(outboxMessages.trialRequestId, person.id),
    ticketIds.length ? inArray(outboxMessages.ticketId, ticketIds) : undefined,
    sql`lower(${outboxMessages.recipient}) = ${person.email.toLowerCase()}`,
  )!
}
