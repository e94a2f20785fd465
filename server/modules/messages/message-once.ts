import { and, eq } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { messageReminders } from '../../db/schema/message-reminders'
import { queueMessage, type NewMessage } from './outbox.service'

/** What makes a message about a period sent once: who, which kind, its moment, the period. */
export type MessageOnceKey = {
  personId: string
  kind: string
  offsetMinutes: number
  periodEnd: Date
}

/**
 * Queues `message` unless a message was queued under `key` before, in the caller's transaction:
 * the key (message_reminders) is taken with the message, so a second run, process or delivery
 * queues nothing. Answers whether it queued.
 */
export async function queueMessageOnce(
  tx: Db,
  key: MessageOnceKey,
  message: NewMessage,
  now: Date,
): Promise<boolean> {
  const [taken] = await tx
    .insert(messageReminders)
    .values({
      trialRequestId: key.personId,
      kind: key.kind,
      offsetMinutes: key.offsetMinutes,
      periodEnd: key.periodEnd,
      createdAt: now,
    })
    .onConflictDoNothing()
    .returning({ kind: messageReminders.kind })
  if (!taken) return false
  const messageId = await queueMessage(tx, message, now)
  await tx
    .update(messageReminders)
    .set({ outboxMessageId: messageId })
    .where(
      and(
        eq(messageReminders.trialRequestId, key.personId),
        eq(messageReminders.kind, key.kind),
        eq(messageReminders.offsetMinutes, key.offsetMinutes),
        eq(messageReminders.periodEnd, key.periodEnd),
      ),
    )
  return true
}
