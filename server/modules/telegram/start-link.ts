import type { FastifyInstance } from 'fastify'
import { telegramStartLink } from '../../../common/telegram'
import { BotApiError } from './bot-api'
import { startTokenFor } from './bindings.service'
import { telegramFor } from './telegram'

// The bot's name is asked once per process; an answer that has not come by then is not awaited.
const usernameWaitMs = 3_000

/**
 * The person's "Get messages on Telegram" link (`https://t.me/{bot}?start={token}`), or null when
 * Telegram is off or has not told us the bot's name. It names no id of ours.
 */
export async function telegramLinkFor(
  app: FastifyInstance,
  personId: string,
): Promise<string | null> {
  const telegram = telegramFor(app)
  if (!telegram) return null
  let timer: NodeJS.Timeout | undefined
  const late = new Promise<null>((resolve) => (timer = setTimeout(resolve, usernameWaitMs, null)))
  const username = await Promise.race([
    telegram.botUsername().catch((error: unknown) => {
      if (!(error instanceof BotApiError)) throw error
      app.log.warn({ reason: error.message }, 'Telegram did not give the bot name')
      return null
    }),
    late,
  ]).finally(() => clearTimeout(timer))
  if (!username) return null
  return telegramStartLink(username, await startTokenFor(app.db, personId))
}
