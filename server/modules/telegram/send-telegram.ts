import type { Db } from '../../db/client'
import { BotApiError } from './bot-api'
import { stopChat } from './bindings.service'
import type { Telegram } from './telegram'

/** What sending needs: the bot (null when Telegram is off), and the database for a 403. */
export type TelegramSender = { telegram: Telegram | null; db: Db; now: () => Date }

export type TelegramMessage = {
  chatId: number
  text: string
  /** HTML parse mode (see telegram-text.ts: every value in it escaped). */
  isHtml?: boolean
}

export type TelegramSendResult =
  | { ok: true }
  /** Try again later (at the earliest after `retryAfterSeconds`, when Telegram said so). */
  | { ok: false; isRetryable: true; reason: string; retryAfterSeconds: number | null }
  /** Never to be retried: the chat blocked the bot (its binding is now stopped), or a refusal. */
  | { ok: false; isRetryable: false; reason: string }

// A short wait is spent here; a longer one is handed back to the caller's schedule.
const maxWaitSeconds = 10
const maxAttempts = 3

const wait = (seconds: number) => new Promise((resolve) => setTimeout(resolve, seconds * 1000))

/**
 * Sends one message to a bound chat. 429: waits Telegram's `retry_after` and tries again (or
 * answers retryable when it is long); 403 (blocked, or the user left): the chat's bindings stop
 * and the failure is permanent; a timeout, an unreachable API or a 5xx: retryable.
 */
export async function sendTelegram(
  { telegram, db, now }: TelegramSender,
  { chatId, text, isHtml = false }: TelegramMessage,
): Promise<TelegramSendResult> {
  if (!telegram) return { ok: false, isRetryable: false, reason: 'Telegram is off' }
  for (let attempt = 1; ; attempt++) {
    try {
      await telegram.api.sendMessage({ chatId, text, parseMode: isHtml ? 'HTML' : undefined })
      return { ok: true }
    } catch (error) {
      if (!(error instanceof BotApiError)) throw error
      const retryAfter = error.retryAfterSeconds
      if (retryAfter !== null && retryAfter <= maxWaitSeconds && attempt < maxAttempts) {
        await wait(retryAfter)
        continue
      }
      if (error.kind === 'blocked') await stopChat(db, chatId, now())
      if (error.kind !== 'retryable') {
        return { ok: false, isRetryable: false, reason: error.message }
      }
      return { ok: false, isRetryable: true, reason: error.message, retryAfterSeconds: retryAfter }
    }
  }
}
