import type { FastifyBaseLogger, FastifyInstance } from 'fastify'
import { telegramStartLink } from '../../../common/telegram'
import type { Db } from '../../db/client'
import { BotApiError } from './bot-api'
import { startTokenFor } from './bindings.service'
import { telegramFor, type Telegram } from './telegram'

// The bot's name is asked once per process; an answer that has not come by then is not awaited.
const usernameWaitMs = 3_000

/** What a start link needs: the bot (null when Telegram is off), the database, a log. */
export type StartLinkDeps = { telegram: Telegram | null; db: Db; log: FastifyBaseLogger }

/** The bot's name, or null when Telegram is off or has not told it within a few seconds. */
export async function botUsernameOf({
  telegram,
  log,
}: Omit<StartLinkDeps, 'db'>): Promise<string | null> {
  if (!telegram) return null
  let timer: NodeJS.Timeout | undefined
  const late = new Promise<null>((resolve) => (timer = setTimeout(resolve, usernameWaitMs, null)))
  return Promise.race([
    telegram.botUsername().catch((error: unknown) => {
      if (!(error instanceof BotApiError)) throw error
      log.warn({ reason: error.message }, 'Telegram did not give the bot name')
      return null
    }),
    late,
  ]).finally(() => clearTimeout(timer))
}

/**
 * The person's "Get messages on Telegram" link (`https://t.me/{bot}?start={token}`), or null when
 * Telegram is off or has not told us the bot's name. It names no id of ours.
 */
export async function startLinkFor(deps: StartLinkDeps, personId: string): Promise<string | null> {
  const username = await botUsernameOf(deps)
  if (!username) return null
  return telegramStartLink(username, await startTokenFor(deps.db, personId))
}

/** The link for a person, from the app's bot. */
export function telegramLinkFor(app: FastifyInstance, personId: string): Promise<string | null> {
  return startLinkFor({ telegram: telegramFor(app), db: app.db, log: app.log }, personId)
}
