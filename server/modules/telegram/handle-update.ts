import { and, eq, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { telegramBindings, telegramUpdates } from '../../db/schema/telegram'
import { trialRequests } from '../../db/schema/trial-requests'
import { mintSignInPath } from '../sign-in-links/sign-in-links.service'
import { startParameterPattern } from '../../../common/telegram'
import type { TelegramUpdate } from './bot-api'
import { bindChat, stopChat } from './bindings.service'
import { botReplies } from './bot-replies'

export type BotReply = { chatId: number; text: string }

/** What the bot's replies need of this installation: its name, and where links point. */
export type BotSite = { brandName: string; origin: string }

// `/start@OurBot token` is how Telegram spells a command addressed to one bot among several.
const command = /^\/(start|stop|help|account)(?:@\w+)?(?:\s+(\S+))?\s*$/

/**
 * `/account` in a bound chat: a fresh link to the person's own page, for 7 days and once, as
 * their e-mails carry. The chat proved itself when it was bound with the person's start link.
 */
async function accountLinkReply(tx: Db, chatId: number, site: BotSite, now: Date) {
  const [person] = await tx
    .select({ id: trialRequests.id, email: trialRequests.email })
    .from(telegramBindings)
    .innerJoin(trialRequests, eq(trialRequests.id, telegramBindings.personId))
    .where(and(eq(telegramBindings.chatId, chatId), eq(telegramBindings.status, 'bound')))
    .limit(1)
  if (!person) return botReplies.notConnected(site.brandName)
  const path = await mintSignInPath(tx, person, 'email_link', now)
  return botReplies.accountLink(site.brandName, `${site.origin}${path}`)
}

async function replyTo(
  tx: Db,
  chatId: number,
  text: string,
  site: BotSite,
  now: Date,
): Promise<string> {
  const { brandName } = site
  const [, name, argument] = command.exec(text.trim()) ?? []
  if (name === 'account') return accountLinkReply(tx, chatId, site, now)
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
  site: BotSite,
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
    return { chatId, text: await replyTo(tx, chatId, message.text, site, now) }
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
