import { asc, eq, inArray } from 'drizzle-orm'
import { formatCents } from '../../../common/money'
import type { PersonExport } from '../../../common/privacy'
import type { Db } from '../../db/client'
import { auditLog } from '../../db/schema/audit-log'
import { chatMessages } from '../../db/schema/chat-messages'
import { messagePreferences } from '../../db/schema/message-preferences'
import { outboxMessages } from '../../db/schema/outbox-messages'
import { paymentRefunds } from '../../db/schema/payment-refunds'
import { payments } from '../../db/schema/payments'
import { personNotes } from '../../db/schema/person-notes'
import { subscriptionRenewals } from '../../db/schema/subscription-renewals'
import { supportTickets } from '../../db/schema/support-tickets'
import { telegramBindings } from '../../db/schema/telegram'
import { ticketNotes } from '../../db/schema/ticket-notes'
import { getPersonLine } from '../m3u/person-lines.service'
import { presentOutboxMessage } from '../messages/outbox.service'
import { presentPayment, selectPaymentRows } from '../subscriptions/present-payment'
import { presentChatMessage } from '../support/chat.service'
import { presentTicket } from '../support/tickets.service'
import { presentTrialRequest } from '../trial-requests/trial-requests.service'
import { auditAbout, findPersonRecords, messagesTo, type PersonRecords } from './person-records'

const iso = (date: Date | null) => date?.toISOString() ?? null

async function paymentsOf(db: Db, personId: string): Promise<PersonExport['payments']> {
  const rows = await selectPaymentRows(db)
    .where(eq(payments.trialRequestId, personId))
    .orderBy(asc(payments.createdAt))
  const refunds = rows.length
    ? await db
        .select()
        .from(paymentRefunds)
        .where(
          inArray(
            paymentRefunds.paymentId,
            rows.map((row) => row.id),
          ),
        )
        .orderBy(asc(paymentRefunds.createdAt))
    : []
  return rows.map((row) => ({
    ...presentPayment(row, row.personName),
    refunds: refunds
      .filter((refund) => refund.paymentId === row.id)
      .map((refund) => ({
        amount: formatCents(refund.amountMinor),
        reason: refund.reason,
        createdAt: refund.createdAt.toISOString(),
        refundedAt: iso(refund.refundedAt),
      })),
  }))
}

async function ticketsOf(db: Db, ticketIds: string[]): Promise<PersonExport['tickets']> {
  if (!ticketIds.length) return []
  const [tickets, messages, notes] = await Promise.all([
    db
      .select()
      .from(supportTickets)
      .where(inArray(supportTickets.id, ticketIds))
      .orderBy(asc(supportTickets.createdAt)),
    db
      .select()
      .from(chatMessages)
      .where(inArray(chatMessages.ticketId, ticketIds))
      .orderBy(asc(chatMessages.createdAt)),
    db
      .select()
      .from(ticketNotes)
      .where(inArray(ticketNotes.ticketId, ticketIds))
      .orderBy(asc(ticketNotes.createdAt)),
  ])
  return tickets.map((ticket) => ({
    ...presentTicket(ticket),
    messages: messages.filter((row) => row.ticketId === ticket.id).map(presentChatMessage),
    notes: notes
      .filter((row) => row.ticketId === ticket.id)
      .map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
  }))
}

async function restOf(db: Db, records: PersonRecords) {
  const personId = records.person.id
  const [renewals, notes, messages, [telegram], [preferences], activity] = await Promise.all([
    db
      .select()
      .from(subscriptionRenewals)
      .where(eq(subscriptionRenewals.trialRequestId, personId))
      .orderBy(asc(subscriptionRenewals.paidAt)),
    db
      .select()
      .from(personNotes)
      .where(eq(personNotes.trialRequestId, personId))
      .orderBy(asc(personNotes.createdAt)),
    db
      .select()
      .from(outboxMessages)
      .where(messagesTo(records))
      .orderBy(asc(outboxMessages.createdAt)),
    db.select().from(telegramBindings).where(eq(telegramBindings.personId, personId)),
    db.select().from(messagePreferences).where(eq(messagePreferences.trialRequestId, personId)),
    db
      .select()
      .from(auditLog)
      .where(auditAbout(records))
      .orderBy(asc(auditLog.createdAt), asc(auditLog.id)),
  ])
  return {
    renewals: renewals.map((row) => ({
      paidPlan: row.paidPlan,
      months: row.months,
      price: row.price,
      paidAt: row.paidAt.toISOString(),
      newEnd: row.newEnd.toISOString(),
    })),
    notes: notes.map(({ trialRequestId: _person, ...row }) => ({
      ...row,
      createdAt: row.createdAt.toISOString(),
    })),
    messages: messages.map((row) => ({ ...presentOutboxMessage(row), variables: row.variables })),
    // The start token is a capability to bind a chat, not something about the person.
    telegram: telegram
      ? { chatId: telegram.chatId, status: telegram.status, boundAt: iso(telegram.boundAt) }
      : null,
    remindersStoppedAt: iso(preferences?.remindersStoppedAt ?? null),
    // The trail's own record: who changed what and when, never values (docs/security.md §9).
    activity: activity.map((row) => ({
      id: row.id,
      actorUsername: row.actorUsername,
      action: row.action,
      entityType: row.entityType,
      entityId: row.entityId,
      details: row.details,
      createdAt: row.createdAt.toISOString(),
    })),
  }
}

/**
 * Everything we hold about one person, for their request to see it (docs/decisions/0031). Their
 * line's login is theirs and is included; the supplier key, the line password secret and panel
 * answers are ours and are not.
 */
export async function exportPerson(db: Db, personId: string, now: Date): Promise<PersonExport> {
  const records = await findPersonRecords(db, personId)
  const [line, paid, tickets, rest] = await Promise.all([
    getPersonLine(db, personId),
    paymentsOf(db, personId),
    ticketsOf(db, records.ticketIds),
    restOf(db, records),
  ])
  return {
    exportedAt: now.toISOString(),
    person: presentTrialRequest(records.person),
    line,
    payments: paid,
    tickets,
    ...rest,
  }
}
