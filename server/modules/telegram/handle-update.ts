import { sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { telegramUpdates } from '../../db/schema/telegram'
import { startParameterPattern } from '../../../common/telegram'
import type { TelegramUpdate } from './bot-api'
import { bindChat, stopChat } from './bindings.service'
import { botReplies } from './bot-replies'

export type BotReply = { chatId: number; text: string }

// `/start@OurBot token` is how Telegram spells a command addressed to one bot among several.
const command = /^\/(start|stop|help)(?:@\w+)?(?:\s+(\S+))?\s*$/

async function replyTo(
  tx: Db,
  chatId: number,
  text: string,
  brandName: string,
  now: Date,
): Promise<string> {
  const [, name, argument] = command.exec(text.trim()) ?? []
  if (name === 'start') {
    if (!argument) return botReplies.startWithoutLink(brandName)
    const outcome = startParameterPattern.test(argument)
      ? await bindChat(tx, argument, chatId, now)
      : 'unknown_token'
    return botReplies.start(brandName)[outcome]
  }
  if (name === 'stop') {
    const stopped = await stopChat(tx, chatId, now)
    return stopped > 0 ? botReplies.stopped(brandName) : botReplies.notConnected(brandName)
  }
  return botReplies.help(brandName)
}

/**
 * Acts on one update once, however often it arrives (a webhook retry, a poll repeated after a
 * restart): its id is recorded in the same transaction as what it changed. Answers the reply to
 * send once that has committed, or null (a repeat, or nothing to answer: only private chats'
 * text messages are read).
 */
export async function handleUpdate(
  db: Db,
  update: TelegramUpdate,
  brandName: string,
  now: Date,
): Promise<BotReply | null> {
  return db.transaction(async (tx) => {
    const [isNew] = await tx
      .insert(telegramUpdates)
      .values({ updateId: update.update_id, handledAt: now })
      .onConflictDoNothing()
      .returning({ updateId: telegramUpdates.updateId })
    const message = update.message
    if (!isNew || !message?.text || message.chat.type !== 'private') return null
    const chatId = message.chat.id
    return { chatId, text: await replyTo(tx, chatId, message.text, brandName, now) }
  })
}

// Telegram numbers updates in sequence but, after a week without any, starts again at random:
// an offset older than that could skip the new ones, so it is not used.
const offsetMemoryMs = 6 * 24 * 60 * 60 * 1000

/** Where polling resumes: after the newest update handled in the last six days, else null. */
export async function resumeOffset(db: Db, now: Date): Promise<number | null> {
  const since = new Date(now.getTime() - offsetMemoryMs)
  const [row] = await db
    .select({ newest: sql<string | null>`max(${telegramUpdates.updateId})` })
    .from(telegramUpdates)
    .where(sql`${telegramUpdates.handledAt} > ${since}`)
  return row?.newest == null ? null : Number(row.newest) + 1
}

/** Drops handled ids older than any update Telegram would still send (it keeps them a day). */
export async function forgetOldUpdates(db: Db, now: Date): Promise<void> {
  const before = new Date(now.getTime() - offsetMemoryMs)
  await db.delete(telegramUpdates).where(sql`${telegramUpdates.handledAt} < ${before}`)
}
