import { randomBytes } from 'node:crypto'
import { and, eq, ne } from 'drizzle-orm'
import type { TelegramBinding } from '../../../common/telegram'
import type { Db } from '../../db/client'
import { telegramBindings } from '../../db/schema/telegram'
import { trialRequests } from '../../db/schema/trial-requests'

/** 24 random bytes: 192 bits, 32 base64url characters (Telegram allows 64 of A-Za-z0-9_-). */
const newStartToken = () => randomBytes(24).toString('base64url')

/** The person's start token, made on first use; the same one every time after. */
export async function startTokenFor(db: Db, personId: string): Promise<string> {
  await db
    .insert(telegramBindings)
    .values({ personId, startToken: newStartToken() })
    .onConflictDoNothing({ target: telegramBindings.personId })
  const [binding] = await db
    .select({ startToken: telegramBindings.startToken })
    .from(telegramBindings)
    .where(eq(telegramBindings.personId, personId))
  return binding!.startToken
}

export type StartOutcome = 'bound' | 'already_bound' | 'unknown_token'

/**
 * `/start {token}` from a chat: binds it to the token's person. A token already bound to another
 * chat is refused like an unknown one (a forwarded link must not take someone's messages); the
 * chat that stopped may start again.
 */
export async function bindChat(
  db: Db,
  token: string,
  chatId: number,
  now: Date,
): Promise<StartOutcome> {
  const [binding] = await db
    .select()
    .from(telegramBindings)
    .where(eq(telegramBindings.startToken, token))
    .for('update')
  if (!binding) return 'unknown_token'
  if (binding.status === 'bound') {
    return binding.chatId === chatId ? 'already_bound' : 'unknown_token'
  }
  if (binding.status === 'stopped' && binding.chatId !== chatId) return 'unknown_token'
  await db
    .update(telegramBindings)
    .set({ chatId, status: 'bound', boundAt: now, updatedAt: now })
    .where(eq(telegramBindings.personId, binding.personId))
  return 'bound'
}

/** `/stop`, or the bot blocked (403): nothing more goes to that chat. Answers how many stopped. */
export async function stopChat(db: Db, chatId: number, now: Date): Promise<number> {
  const stopped = await db
    .update(telegramBindings)
    .set({ status: 'stopped', updatedAt: now })
    .where(and(eq(telegramBindings.chatId, chatId), ne(telegramBindings.status, 'stopped')))
    .returning({ personId: telegramBindings.personId })
  return stopped.length
}

/** The chat a person's messages go to, or null when they have none bound. */
export async function boundChatOf(db: Db, personId: string): Promise<number | null> {
  const [binding] = await db
    .select({ chatId: telegramBindings.chatId })
    .from(telegramBindings)
    .where(and(eq(telegramBindings.personId, personId), eq(telegramBindings.status, 'bound')))
  return binding?.chatId ?? null
}

/** Whether a person is bound, for admins (never the token or the chat); null: no such person. */
export async function bindingOf(
  db: Db,
  personId: string,
  isEnabled: boolean,
): Promise<TelegramBinding | null> {
  const [person] = await db
    .select({ status: telegramBindings.status, boundAt: telegramBindings.boundAt })
    .from(trialRequests)
    .leftJoin(telegramBindings, eq(telegramBindings.personId, trialRequests.id))
    .where(eq(trialRequests.id, personId))
  if (!person) return null
  return {
    isEnabled,
    status: person.status ?? 'unbound',
    boundAt: person.boundAt?.toISOString() ?? null,
  }
}
