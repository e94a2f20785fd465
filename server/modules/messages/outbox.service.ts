import { and, desc, eq, or, sql, TransactionRollbackError, type SQLWrapper } from 'drizzle-orm'
import type { MessageChannel, MessageKind, OutboxMessage } from '../../../common/messages'
import { queryRows, type Db } from '../../db/client'
import { m3uLines } from '../../db/schema/m3u-lines'
import { outboxMessages } from '../../db/schema/outbox-messages'
import { trialRequests } from '../../db/schema/trial-requests'
import { HttpError, notFound } from '../../lib/http-error'
import { boundChatOf } from '../telegram/bindings.service'
import { admitResend } from './resend-limit'
import { ticketAcknowledgementHold } from './ticket-acknowledgement'

type OutboxRow = typeof outboxMessages.$inferSelect

export type NewMessage = {
  kind: MessageKind
  recipient: string
  trialRequestId?: string | null
  ticketId?: string | null
  lineId?: string | null
  /** Values of the cause, captured now (a reply's text, an end date). Never a password. */
  variables?: Record<string, string>
  /** Not sent before then (a support reply waits to see whether the customer is in the chat). */
  notBefore?: Date
  resentFrom?: string
  /** Only this channel (a resend); by default e-mail, and Telegram when the person bound a chat. */
  channel?: MessageChannel
  /** Stored as not needed, for this reason, rather than queued. */
  skippedBecause?: string
}

type Copy = { channel: MessageChannel; recipient: string }

/** A copy's row as stored; every copy has the same columns, so statements of them can be reused. */
function copyValues(message: NewMessage, { channel, recipient }: Copy, now: Date) {
  return {
    channel,
    kind: message.kind,
    recipient,
    trialRequestId: message.trialRequestId ?? null,
    ticketId: message.ticketId ?? null,
    lineId: message.lineId ?? null,
    variables: message.variables ?? {},
    nextAttemptAt: message.notBefore ?? now,
    resentFrom: message.resentFrom ?? null,
    status: message.skippedBecause ? ('skipped' as const) : ('queued' as const),
    lastError: message.skippedBecause ?? null,
    createdAt: now,
    updatedAt: now,
  }
}

function insertCopies(db: Db, message: NewMessage, copies: Copy[], now: Date) {
  return db.insert(outboxMessages).values(copies.map((copy) => copyValues(message, copy, now)))
}

/**
 * Writes a message in the caller's transaction: it commits, and is sent, with its cause. A
 * person's message goes to their Telegram chat too when they bound one. Answers the first's id.
 */
export async function queueMessage(tx: Db, message: NewMessage, now: Date): Promise<string> {
  const chatId =
    !message.channel && message.trialRequestId
      ? await boundChatOf(tx, message.trialRequestId)
      : null
  const copies: Copy[] = [
    { channel: message.channel ?? 'email', recipient: message.recipient },
    ...(chatId === null ? [] : [{ channel: 'telegram' as const, recipient: String(chatId) }]),
  ]
  const [row] = await insertCopies(tx, message, copies, now).returning({ id: outboxMessages.id })
  return row!.id
}

/**
 * Queues an e-mail of `kind` to the person `person` selects (their `id` and `email`), if it
 * selects one, at the cost of queueing one either way: the row is written in both cases, in one
 * statement, and taken back to a savepoint when there is no one (`placeholder` stands in for the
 * address in the row never kept). The caller's answer then takes as long whether or not we know
 * the person (a sign-in link asked for by address).
 */
export async function queueEmailIfSelected(
  tx: Db,
  kind: MessageKind,
  person: SQLWrapper,
  placeholder: string,
  now: Date,
): Promise<void> {
  const at = sql`${now.toISOString()}::timestamptz`
  try {
    await tx.transaction(async (savepoint) => {
      const [row] = await queryRows<{ isFound: boolean }>(
        savepoint,
        sql`
          insert into ${outboxMessages}
            (channel, kind, recipient, trial_request_id, next_attempt_at, created_at, updated_at)
          select 'email', ${kind}, coalesce(selected.email, ${placeholder}), selected.id, ${at}, ${at}, ${at}
          from (select 1) as one left join (${person}) as selected on true
          returning trial_request_id is not null as "isFound"`,
      )
      if (!row?.isFound) savepoint.rollback()
    })
  } catch (error) {
    if (!(error instanceof TransactionRollbackError)) throw error
  }
}

/**
 * The login of a person's line (made, or its password reset), read from the line when sent, so
 * it always carries the password the panel holds; it waits while the panel lacks a change.
 */
export async function queueLineLogin(tx: Db, lineId: string, now: Date): Promise<void> {
  const [row] = await tx
    .select({ personId: trialRequests.id, email: trialRequests.email })
    .from(m3uLines)
    .innerJoin(trialRequests, eq(trialRequests.id, m3uLines.trialRequestId))
    .where(eq(m3uLines.id, lineId))
  if (!row) return
  await queueMessage(
    tx,
    { kind: 'line_login', recipient: row.email, trialRequestId: row.personId, lineId },
    now,
  )
}

/**
 * The username a change of subscription leaves the person with, or null when their login is
 * still to come (no line made at the panel yet: its own "login is ready" e-mail brings it). The
 * one place that decides whether a confirmation says the login stays the same, so a customer
 * hears one story about their login (decision 0053).
 */
export async function keptUsername(tx: Db, personId: string): Promise<string | null> {
  const [line] = await tx
    .select({ username: m3uLines.username, supplierId: m3uLines.supplierId })
    .from(m3uLines)
    .where(eq(m3uLines.trialRequestId, personId))
  return line?.supplierId && line.username ? line.username : null
}

/**
 * Confirms a renewal (or a trial become paid) to the person, with the subscription's end, and
 * that their login stays the same only when it does (keptUsername).
 */
export async function queueRenewalConfirmation(
  tx: Db,
  person: { id: string; email: string; paidPlan: string | null },
  newEnd: Date,
  now: Date,
  kind: 'renewal_confirmation' | 'subscription_started' = 'renewal_confirmation',
): Promise<void> {
  const username = await keptUsername(tx, person.id)
  await queueMessage(
    tx,
    {
      kind,
      recipient: person.email,
      trialRequestId: person.id,
      variables: {
        planName: person.paidPlan ?? '',
        endAt: newEnd.toISOString(),
        ...(username ? { username } : {}),
      },
    },
    now,
  )
}

type TicketRef = { id: string; customerEmail: string; subject: string; customerName: string }

/**
 * Acknowledges a new ticket, unless its address must not hear from us (see
 * ticket-acknowledgement.ts): then the message is stored as skipped, with the reason, which is
 * answered so the caller can log it.
 */
export async function queueTicketCreated(
  tx: Db,
  ticket: TicketRef,
  now: Date,
): Promise<string | null> {
  const skippedBecause = await ticketAcknowledgementHold(tx, ticket.customerEmail, now)
  await queueMessage(
    tx,
    {
      kind: 'ticket_created',
      recipient: ticket.customerEmail,
      ticketId: ticket.id,
      variables: { customerName: ticket.customerName, ticketSubject: ticket.subject },
      skippedBecause: skippedBecause ?? undefined,
    },
    now,
  )
  return skippedBecause
}

/**
 * How long a reply's e-mail waits: for the processes to say whether the customer read it in the
 * chat, and for the agent's next reply, which joins it and waits again, so a quick second thought
 * is not a second e-mail. Never longer than replyEmailLongestWaitMs after the first reply.
 */
export const replyEmailWindowMs = 2 * 60_000
export const replyEmailLongestWaitMs = 10 * 60_000

const readLiveNote = 'Read in the live chat'

/**
 * A ticket's reply e-mail still waiting to go: at most one per ticket (a unique index), which the
 * next reply joins; once a worker claims it, the next reply starts another. Resent copies stand
 * alone.
 */
export const isPendingReplyEmail = sql`${outboxMessages.kind} = 'support_reply' and ${outboxMessages.status} = 'queued' and ${outboxMessages.resentFrom} is null`

/**
 * The row of a support reply's e-mail, for the statement that stores the reply: sent unless the
 * customer turns out to be in the chat (see chat-presence); stored as not needed when the customer
 * is in it already (`isReadLive`). A ticket is no person with a Telegram chat, so e-mail is its
 * one copy.
 */
export function supportReplyValues(
  ticket: TicketRef,
  chatMessage: { id: string; message: string },
  now: Date,
  isReadLive: boolean,
) {
  const message: NewMessage = {
    kind: 'support_reply',
    recipient: ticket.customerEmail,
    ticketId: ticket.id,
    variables: {
      customerName: ticket.customerName,
      ticketSubject: ticket.subject,
      replyText: chatMessage.message,
      chatMessageId: chatMessage.id,
    },
    notBefore: new Date(now.getTime() + replyEmailWindowMs),
    skippedBecause: isReadLive ? readLiveNote : undefined,
  }
  return copyValues(message, { channel: 'email', recipient: message.recipient }, now)
}

type ReplyEmailRow = ReturnType<typeof supportReplyValues>

/**
 * Inserts a reply's e-mail, or joins the reply to the ticket's e-mail still waiting: its text is
 * added as a paragraph and the wait starts again (capped). One statement on the unique index, so
 * two processes storing replies at once still make one e-mail, and a reply stored while a worker
 * claims the e-mail lands in the next one, never in neither (docs/decisions/0012-outbox.md).
 */
export function insertReplyEmail(db: Db, row: { [Column in keyof ReplyEmailRow]: unknown }) {
  return db
    .insert(outboxMessages)
    .values(row as ReplyEmailRow)
    .onConflictDoUpdate({
      target: outboxMessages.ticketId,
      targetWhere: isPendingReplyEmail,
      set: {
        variables: sql`${outboxMessages.variables} || jsonb_build_object(
          'replyText', concat_ws(E'\n\n', ${outboxMessages.variables}->>'replyText', excluded.variables->>'replyText'),
          'chatMessageId', excluded.variables->>'chatMessageId')`,
        nextAttemptAt: sql`least(excluded.next_attempt_at, ${outboxMessages.createdAt} + ${`${replyEmailLongestWaitMs} milliseconds`}::interval)`,
        updatedAt: sql`excluded.updated_at`,
      },
    })
}

/**
 * The customer is in the chat: the ticket's reply e-mail still waiting is not needed, since the
 * chat shows every reply it holds. Found through the unique index of waiting reply e-mails.
 */
export async function skipSupportReply(db: Db, ticketId: string, now: Date): Promise<void> {
  await db
    .update(outboxMessages)
    .set({ status: 'skipped', lastError: readLiveNote, updatedAt: now })
    .where(and(eq(outboxMessages.ticketId, ticketId), isPendingReplyEmail))
}

/**
 * The same, inside the statement that stores a reply the customer reads live: `email` holds that
 * reply's e-mail values (placeholders), stored as not needed with the note this matches.
 */
export function skipPendingReplyEmail(
  db: Db,
  email: Record<'ticketId' | 'lastError' | 'updatedAt', unknown>,
) {
  return db
    .update(outboxMessages)
    .set({ status: 'skipped', lastError: readLiveNote, updatedAt: sql`${email.updatedAt}` })
    .where(
      and(
        sql`${outboxMessages.ticketId} = ${email.ticketId}`,
        isPendingReplyEmail,
        sql`${email.lastError}::text = ${readLiveNote}`,
      ),
    )
}

/** A message as lists show it (never its variables). */
export function presentOutboxMessage(row: OutboxRow): OutboxMessage {
  return {
    id: row.id,
    channel: row.channel,
    kind: row.kind as MessageKind,
    recipient: row.recipient,
    subject: row.subject,
    status: row.status,
    attempts: row.attempts,
    lastError: row.lastError,
    nextAttemptAt: row.nextAttemptAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  }
}

// A person's history is short; the newest are what an admin looks for.
const listLimit = 100

/** A person's messages, newest first: theirs, and those to their address (their tickets). */
export async function listPersonMessages(db: Db, personId: string): Promise<OutboxMessage[]> {
  const [person] = await db
    .select({ email: trialRequests.email })
    .from(trialRequests)
    .where(eq(trialRequests.id, personId))
  if (!person) throw notFound('Trial request not found')
  const rows = await db
    .select()
    .from(outboxMessages)
    .where(
      or(
        eq(outboxMessages.trialRequestId, personId),
        sql`lower(${outboxMessages.recipient}) = lower(${person.email})`,
      ),
    )
    .orderBy(desc(outboxMessages.createdAt), desc(outboxMessages.id))
    .limit(listLimit)
  return rows.map(presentOutboxMessage)
}

/**
 * Queues a copy of a message, to go out at once (a new id: it is a new e-mail), at most 3 an hour
 * of one message (resend-limit.ts). A ticket's acknowledgement by e-mail is held as a new one
 * would be (limit, unsubscribed, bounced): 409 with the reason, and nothing counted.
 */
export async function resendMessage(tx: Db, id: string, now: Date): Promise<OutboxMessage> {
  const [original] = await tx.select().from(outboxMessages).where(eq(outboxMessages.id, id))
  if (!original) throw notFound('Message not found')
  // A copy of a copy is a copy of the first: one count per message, however it is resent.
  const rootId = original.resentFrom ?? original.id
  await admitResend(tx, rootId, now)
  if (original.kind === 'ticket_created' && original.channel === 'email') {
    const held = await ticketAcknowledgementHold(tx, original.recipient, now)
    if (held) throw new HttpError(409, `Not resent: ${held}`)
  }
  const copyId = await queueMessage(
    tx,
    {
      kind: original.kind as MessageKind,
      recipient: original.recipient,
      trialRequestId: original.trialRequestId,
      ticketId: original.ticketId,
      lineId: original.lineId,
      variables: original.variables,
      resentFrom: rootId,
      channel: original.channel,
    },
    now,
  )
  const [copy] = await tx.select().from(outboxMessages).where(eq(outboxMessages.id, copyId))
  return presentOutboxMessage(copy!)
}
