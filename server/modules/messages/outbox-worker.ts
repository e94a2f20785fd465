import { and, eq, inArray, lte, or, sql } from 'drizzle-orm'
import { backoffDelay } from '../../../common/backoff'
import type { FastifyBaseLogger } from 'fastify'
import type { MessageChannel, MessageKind } from '../../../common/messages'
import type { Config } from '../../config'
import type { Db } from '../../db/client'
import { m3uLines } from '../../db/schema/m3u-lines'
import { outboxMessages } from '../../db/schema/outbox-messages'
import { composeEmail } from './compose-email'
import { recordBounce } from './mail-bounces.service'
import { addressOf, MailError, type Mailer } from './mailer'
import { siteOrigin } from '../../lib/site-origin'
import { messageValues, UnsendableError } from './message-values'
import { unsubscribeHeaders, unsubscribeLinkFor } from './unsubscribe.service'
import { telegramOfferFor } from './telegram-offer'
import { templateFor } from './templates.service'
import { sendTelegram } from '../telegram/send-telegram'
import type { Telegram } from '../telegram/telegram'
import { composeTelegram } from '../telegram/telegram-text'
import { isClaimAttempt, isUnclaimedAt, leaseUntil, whileRenewing } from '../../lib/lease'

type OutboxRow = typeof outboxMessages.$inferSelect

export const maxAttempts = 8

const retryBackoff = { baseMs: 30_000, capMs: 60 * 60_000 }

/** After a failed attempt: steps of 30 s, 1 min, 2, 4… at most an hour, jittered (common/backoff.ts). */
export const retryDelayMs = (attempts: number) => backoffDelay(attempts, retryBackoff, Math.random)

// A login waits while the panel does not hold its line's latest change (a new password).
const lineIsPending = sql`exists (select 1 from ${m3uLines} where ${m3uLines.id} = ${outboxMessages.lineId}
  and ${m3uLines.revision} > ${m3uLines.pushedRevision})`

/**
 * Claims the message due first for this process: a row lock with SKIP LOCKED, so processes sharing
 * one PostgreSQL never take the same row, then `sending` with a short lease (renewed while it is
 * sent) and no transaction left open. A message still `sending` past its lease belonged to a
 * process that died: it is taken again. One at a time, so a process that dies strands one message
 * for one lease, not a batch behind it.
 */
export async function claimNext(
  db: Db,
  now: Date,
  channels: MessageChannel[],
): Promise<OutboxRow | undefined> {
  const due = db
    .select({ id: outboxMessages.id })
    .from(outboxMessages)
    .where(
      and(
        inArray(outboxMessages.channel, channels),
        or(
          and(eq(outboxMessages.status, 'queued'), lte(outboxMessages.nextAttemptAt, now)),
          and(
            eq(outboxMessages.status, 'sending'),
            isUnclaimedAt(outboxMessages.claimedUntil, now),
          ),
        ),
        sql`not ${lineIsPending}`,
      ),
    )
    .orderBy(outboxMessages.nextAttemptAt)
    .limit(1)
    .for('update', { skipLocked: true })
  const [row] = await db
    .update(outboxMessages)
    .set({
      status: 'sending',
      attempts: sql`${outboxMessages.attempts} + 1`,
      claimedUntil: leaseUntil(now),
      updatedAt: now,
    })
    .where(inArray(outboxMessages.id, due))
    .returning()
  return row
}

/** Only the claim that is still ours is recorded (not one a later process took over). */
const isOurClaim = (row: OutboxRow) =>
  and(
    isClaimAttempt([outboxMessages.id, row.id], [outboxMessages.attempts, row.attempts]),
    eq(outboxMessages.status, 'sending'),
  )

/** Extends the lease of a message this process is still sending. */
const renewClaim = (db: Db, row: OutboxRow, now: Date) =>
  db
    .update(outboxMessages)
    .set({ claimedUntil: leaseUntil(now) })
    .where(isOurClaim(row))

async function recordFailure(db: Db, row: OutboxRow, reason: string, isFinal: boolean, now: Date) {
  const isLast = isFinal || row.attempts >= maxAttempts
  await db
    .update(outboxMessages)
    .set({
      status: isLast ? 'failed' : 'queued',
      lastError: reason,
      claimedUntil: null,
      nextAttemptAt: isLast ? now : new Date(now.getTime() + retryDelayMs(row.attempts)),
      updatedAt: now,
    })
    .where(isOurClaim(row))
  return isLast ? 'failed' : 'retrying'
}

export type SendOutcome = 'sent' | 'retrying' | 'failed'

/** How messages leave: null where a channel is off (Telegram's then fail with the reason). */
type Transports = {
  mailer: Mailer | null
  telegram: Telegram | null
  /** For the e-mails' "Get messages on Telegram" link (Telegram's own warnings go there). */
  log: FastifyBaseLogger
}

/**
 * Records a message as sent: one small statement by primary key, the caller's next step after the
 * server's acceptance (SMTP's 250 to DATA) with nothing awaited between, since a crash in that
 * window sends it again (with the same Message-ID) when another process takes the lease over.
 */
async function markSent(db: Db, row: OutboxRow, subject: string, now: Date) {
  await db
    .update(outboxMessages)
    .set({
      status: 'sent',
      subject,
      sentAt: now,
      lastError: null,
      claimedUntil: null,
      updatedAt: now,
    })
    .where(isOurClaim(row))
  return 'sent' as const
}

/** Renders and sends one claimed message with no transaction open, then records how it went. */
async function sendOne(
  db: Db,
  { mailer, telegram, log }: Transports,
  config: Config,
  row: OutboxRow,
  now: () => Date,
  onError: (error: unknown, messageId: string) => void,
): Promise<SendOutcome> {
  const kind = row.kind as MessageKind
  let subject: string
  try {
    const { values, device } = await messageValues(db, row, config, now())
    if (row.channel === 'telegram') {
      const message = composeTelegram(kind, await templateFor(db, kind, log), values)
      subject = message.subject
      const chatId = Number(row.recipient)
      const sent = await sendTelegram({ telegram, db, now }, { ...message, chatId, isHtml: true })
      if (!sent.ok) return recordFailure(db, row, sent.reason, !sent.isRetryable, now())
    } else {
      const unsubscribeUrl = await unsubscribeLinkFor(db, row, siteOrigin(config), now())
      const mail = await composeEmail(kind, await templateFor(db, kind, log), values, {
        device,
        images: 'cid',
        telegramLink: await telegramOfferFor({ telegram, db, log }, row),
        unsubscribeUrl,
      })
      subject = mail.subject
      const headers = unsubscribeHeaders(unsubscribeUrl, addressOf(mailer!.from))
      await mailer!.send({ ...mail, id: row.id, to: row.recipient, headers })
    }
  } catch (error) {
    if (error instanceof UnsendableError) return recordFailure(db, row, error.message, true, now())
    if (error instanceof MailError) {
      // No such mailbox: trying again would only hurt our sender's reputation.
      if (error.isBounce) await recordBounce(db, row.recipient, error.message, now())
      return recordFailure(db, row, error.message, error.isBounce, now())
    }
    // Our own fault (the database, a rendering bug): logged by the caller, retried like a refusal.
    onError(error, row.id)
    return recordFailure(db, row, 'The message could not be prepared', false, now())
  }
  // Outside the catch: once handed over, a failure to record it must not queue it as unsent.
  return markSent(db, row, subject, now())
}

export type FlushResult = Record<SendOutcome, number>

/**
 * Sends every message due now, one claim at a time, until none is left; each claim is renewed
 * while its message is prepared and sent, so a slow mail server never loses it to another process.
 */
export async function sendDueMessages(
  db: Db,
  transports: Transports,
  config: Config,
  now: () => Date,
  onError: (error: unknown, messageId: string) => void,
): Promise<FlushResult> {
  const result: FlushResult = { sent: 0, retrying: 0, failed: 0 }
  const channels: MessageChannel[] = transports.mailer ? ['email', 'telegram'] : ['telegram']
  const onRenewError = (error: unknown) =>
    transports.log.warn({ err: error }, 'Could not renew the claim on a message; will retry')
  for (;;) {
    const row = await claimNext(db, now(), channels)
    if (!row) return result
    const outcome = await whileRenewing(
      () => renewClaim(db, row, now()),
      onRenewError,
      () => sendOne(db, transports, config, row, now, onError),
    )
    result[outcome] += 1
  }
}

/** With e-mail off, due messages fail at once with the reason (a Resend sends them later). */
export async function failDueWhileOff(db: Db, now: Date): Promise<number> {
  const rows = await db
    .update(outboxMessages)
    .set({ status: 'failed', lastError: 'E-mail is off: SMTP_URL is not set', updatedAt: now })
    .where(
      and(
        eq(outboxMessages.channel, 'email'),
        eq(outboxMessages.status, 'queued'),
        lte(outboxMessages.nextAttemptAt, now),
      ),
    )
    .returning({ id: outboxMessages.id })
  return rows.length
}
