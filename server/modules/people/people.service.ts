import { and, desc, eq, inArray, sql } from 'drizzle-orm'
import type { AuditEntry } from '../../../common/audit'
import { personViewLimits, type PersonTicket, type PersonView } from '../../../common/people'
import type { Db } from '../../db/client'
import { auditLog } from '../../db/schema/audit-log'
import { supportTickets } from '../../db/schema/support-tickets'
import { trialRequests } from '../../db/schema/trial-requests'
import { notFound } from '../../lib/http-error'
import { presentAuditEntries } from '../audit/audit.service'
import { getPersonLine } from '../m3u/person-lines.service'
import { getPlatformSettings } from '../settings/settings.service'
import { presentTrialRequest } from '../trial-requests/trial-requests.service'
import { readRenewal } from '../subscriptions/renewal-view'
import { listPersonNotes } from './person-notes.service'

// The trail's entities whose id is the person's: their request and their line's changes.
const personEntityTypes = ['trial_request', 'm3u_line']

const hourMs = 60 * 60 * 1000

/** The person's tickets: those opened with their e-mail address, in any case. */
async function ticketsOf(db: Db, email: string): Promise<PersonTicket[]> {
  const rows = await db
    .select({
      id: supportTickets.id,
      subject: supportTickets.subject,
      status: supportTickets.status,
      priority: supportTickets.priority,
      createdAt: supportTickets.createdAt,
      updatedAt: supportTickets.updatedAt,
    })
    .from(supportTickets)
    .where(sql`lower(${supportTickets.customerEmail}) = ${email.toLowerCase()}`)
    .orderBy(desc(supportTickets.createdAt))
    .limit(personViewLimits.tickets)
  return rows.map((row) => ({
    ...row,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }))
}

/** The Activity trail's entries about the person, newest first. */
async function timelineOf(db: Db, personId: string): Promise<AuditEntry[]> {
  const rows = await db
    .select()
    .from(auditLog)
    .where(and(inArray(auditLog.entityType, personEntityTypes), eq(auditLog.entityId, personId)))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(personViewLimits.timeline)
  return presentAuditEntries(db, rows)
}

/** Everything the customer view shows about one person, read in one call. */
export async function getPersonView(db: Db, personId: string): Promise<PersonView> {
  const [row] = await db.select().from(trialRequests).where(eq(trialRequests.id, personId))
  if (!row) throw notFound('Trial request not found')
  const [line, renewal, tickets, notes, timeline, settings] = await Promise.all([
    getPersonLine(db, personId),
    readRenewal(db, personId),
    ticketsOf(db, row.email),
    listPersonNotes(db, personId),
    timelineOf(db, personId),
    getPlatformSettings(db),
  ])
  const isOnTrial = row.subscriptionStatus === 'trial'
  const trialEndsAt = isOnTrial
    ? new Date(row.createdAt.getTime() + settings.trialDurationHours * hourMs).toISOString()
    : null
  return { person: presentTrialRequest(row), trialEndsAt, line, renewal, tickets, notes, timeline }
}
