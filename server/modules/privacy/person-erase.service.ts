import { randomBytes } from 'node:crypto'
import { and, eq, inArray, or, sql } from 'drizzle-orm'
import { mailboxKey } from '../../../common/email-address'
import { erasedEmail, erasedName, erasedText } from '../../../common/privacy'
import type { Db } from '../../db/client'
import { auditLog } from '../../db/schema/audit-log'
import { chatMessages } from '../../db/schema/chat-messages'
import { customerActivity } from '../../db/schema/customer-activity'
import { customerSessions } from '../../db/schema/customer-sessions'
import { customerSignInTokens } from '../../db/schema/customer-sign-in-tokens'
import { m3uLines } from '../../db/schema/m3u-lines'
import { forgetLineViewers } from '../m3u/line-sharing'
import { mailBounces } from '../../db/schema/mail-bounces'
import { messagePreferences } from '../../db/schema/message-preferences'
import { messageReminders } from '../../db/schema/message-reminders'
import { notifications } from '../../db/schema/notifications'
import { outboxMessages } from '../../db/schema/outbox-messages'
import { paymentRefunds } from '../../db/schema/payment-refunds'
import { payments } from '../../db/schema/payments'
import { personNotes } from '../../db/schema/person-notes'
import { supportTickets } from '../../db/schema/support-tickets'
import { telegramBindings } from '../../db/schema/telegram'
import { ticketNotes } from '../../db/schema/ticket-notes'
import { trialAutostarts } from '../../db/schema/trial-autostarts'
import { trialRequests } from '../../db/schema/trial-requests'
import { changeLines } from '../m3u/line-changes'
import { auditAbout, findPersonRecords, messagesTo, type PersonRecords } from './person-records'
import { identifyingValues, scrubDeep, textScrubber } from './person-values'

type Scrub = (text: string) => string

/** Whether the person was erased before: then their values are ours and scrub nothing. */
export const isErased = (person: PersonRecords['person']) => person.email === erasedEmail(person.id)

async function erasePersonRow(tx: Db, { person }: PersonRecords, now: Date) {
  await tx
    .update(trialRequests)
    .set({
      firstName: 'Erased',
      lastName: 'person',
      name: erasedName,
      email: erasedEmail(person.id),
      telegram: null,
      whatsapp: null,
      location: 'Unknown',
      device: 'Unknown',
      customPlanDetails: null,
      adminNotes: null,
      // The one-trial-per-person keys and the sender's network identify them too.
      emailKey: null,
      telegramKey: null,
      whatsappKey: null,
      network: null,
      trustReasons: [],
      updatedAt: now,
    })
    .where(eq(trialRequests.id, person.id))
  await tx.delete(personNotes).where(eq(personNotes.trialRequestId, person.id))
  // Their own page: signed out everywhere, unused links dead, what they did there forgotten.
  await tx.delete(customerSessions).where(eq(customerSessions.trialRequestId, person.id))
  await tx.delete(customerSignInTokens).where(eq(customerSignInTokens.trialRequestId, person.id))
  await tx.delete(customerActivity).where(eq(customerActivity.trialRequestId, person.id))
}

/** Their tickets stay (the numbers, dates and agents' work), with every word of theirs gone. */
async function eraseTickets(tx: Db, { person, ticketIds }: PersonRecords) {
  if (!ticketIds.length) return
  await tx
    .update(supportTickets)
    .set({
      customerName: erasedName,
      customerEmail: erasedEmail(person.id),
      subject: erasedText,
      description: erasedText,
    })
    .where(inArray(supportTickets.id, ticketIds))
  // Agents' replies quote and greet the customer, so their texts go too; agents keep their names.
  await tx
    .update(chatMessages)
    .set({
      message: erasedText,
      senderName: sql`case when ${chatMessages.senderType} = 'customer' then ${erasedName} else ${chatMessages.senderName} end`,
    })
    .where(inArray(chatMessages.ticketId, ticketIds))
  await tx.delete(ticketNotes).where(inArray(ticketNotes.ticketId, ticketIds))
}

/** The message history, the Telegram chat and every address list they are on. */
async function eraseMessaging(tx: Db, records: PersonRecords, now: Date) {
  const { person, ticketIds } = records
  const [binding] = await tx
    .delete(telegramBindings)
    .where(eq(telegramBindings.personId, person.id))
    .returning({ chatId: telegramBindings.chatId })
  const chatId = binding?.chatId
  await tx
    .delete(outboxMessages)
    .where(
      or(
        messagesTo(records),
        chatId == null
          ? undefined
          : and(
              eq(outboxMessages.channel, 'telegram'),
              eq(outboxMessages.recipient, String(chatId)),
            ),
      ),
    )
  await tx.delete(messageReminders).where(eq(messageReminders.trialRequestId, person.id))
  // Nothing more is sent to them: their address is gone, and reminders stop.
  await tx
    .insert(messagePreferences)
    .values({
      trialRequestId: person.id,
      unsubscribeToken: randomBytes(24).toString('base64url'),
      remindersStoppedAt: now,
    })
    .onConflictDoUpdate({
      target: messagePreferences.trialRequestId,
      set: { remindersStoppedAt: sql`coalesce(${messagePreferences.remindersStoppedAt}, ${now})` },
    })
  if (!isErased(person)) {
    await tx.delete(mailBounces).where(eq(mailBounces.mailbox, mailboxKey(person.email)))
  }
  await tx.delete(trialAutostarts).where(eq(trialAutostarts.personId, person.id))
  const entityIds = [person.id, ...ticketIds]
  await tx
    .delete(notifications)
    .where(
      or(
        inArray(notifications.entityId, entityIds),
        ticketIds.length ? inArray(notifications.recipientKey, ticketIds) : undefined,
      ),
    )
}

/** Notifications that name them without pointing at them (a panel's drift list, say). */
async function eraseMentions(tx: Db, values: string[], scrub: Scrub) {
  if (!values.length) return
  const text = sql`lower(${notifications.title} || ' ' || ${notifications.body})`
  const candidates = await tx
    .select({ id: notifications.id, title: notifications.title, body: notifications.body })
    .from(notifications)
    .where(or(...values.map((value) => sql`position(${value.toLowerCase()} in ${text}) > 0`)))
  // The substring finds candidates; only a whole-word mention (the scrubber's rule) counts.
  const ids = candidates
    .filter(({ title, body }) => scrub(`${title} ${body}`) !== `${title} ${body}`)
    .map((row) => row.id)
  if (ids.length) await tx.delete(notifications).where(inArray(notifications.id, ids))
}

/** Money records stay whole, the person anonymised: their values leave the free text. */
async function scrubMoneyRecords(tx: Db, personId: string, scrub: Scrub) {
  const rows = await tx
    .select({ id: payments.id, reference: payments.reference, statusReason: payments.statusReason })
    .from(payments)
    .where(eq(payments.trialRequestId, personId))
  for (const row of rows) {
    const reference = row.reference && scrub(row.reference)
    const statusReason = row.statusReason && scrub(row.statusReason)
    if (reference === row.reference && statusReason === row.statusReason) continue
    await tx.update(payments).set({ reference, statusReason }).where(eq(payments.id, row.id))
  }
  if (!rows.length) return
  const refunds = await tx
    .select({ id: paymentRefunds.id, reason: paymentRefunds.reason })
    .from(paymentRefunds)
    .where(
      inArray(
        paymentRefunds.paymentId,
        rows.map((row) => row.id),
      ),
    )
  for (const refund of refunds) {
    const reason = scrub(refund.reason)
    if (reason !== refund.reason) {
      await tx.update(paymentRefunds).set({ reason }).where(eq(paymentRefunds.id, refund.id))
    }
  }
}

/**
 * The trail keeps every entry (who did what, when) and names the person as erased; their values
 * leave the details (a refund's reason).
 */
async function scrubTrail(tx: Db, records: PersonRecords, scrub: Scrub) {
  const rows = await tx
    .select({ id: auditLog.id, subject: auditLog.subject, details: auditLog.details })
    .from(auditLog)
    .where(auditAbout(records))
  for (const row of rows) {
    await tx
      .update(auditLog)
      .set({
        subject: row.subject && { ...row.subject, name: erasedName },
        details: row.details && scrubDeep(row.details, scrub),
      })
      .where(eq(auditLog.id, row.id))
  }
}

/**
 * Erases the person's data in the caller's transaction, and records that their line must be
 * disabled; the caller pushes that to the panel once this commits (never a panel call inside a
 * transaction). Safe to run again: an erased person has nothing left to erase.
 */
export async function eraseRecords(tx: Db, personId: string, now: Date): Promise<PersonRecords> {
  const records = await findPersonRecords(tx, personId)
  const values = isErased(records.person) ? [] : identifyingValues(records.person)
  const scrub = textScrubber(values)
  if (records.lineId) {
    const [line] = await tx
      .select({ isEnabled: m3uLines.isEnabled, notes: m3uLines.notes })
      .from(m3uLines)
      .where(eq(m3uLines.id, records.lineId))
    if (line?.isEnabled) {
      await changeLines(tx, eq(m3uLines.id, records.lineId), { isEnabled: false }, now)
    }
    // Where the line was watched from: addresses are the person's.
    await forgetLineViewers(tx, records.lineId)
    // An admin's words about the person's line.
    if (line?.notes) {
      await tx.update(m3uLines).set({ notes: null }).where(eq(m3uLines.id, records.lineId))
    }
  }
  await eraseTickets(tx, records)
  await eraseMessaging(tx, records, now)
  await eraseMentions(tx, values, scrub)
  await scrubMoneyRecords(tx, personId, scrub)
  await scrubTrail(tx, records, scrub)
  await erasePersonRow(tx, records, now)
  return records
}
