import { createHmac } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import type { TelegramConfig } from '../../config'
import { createBotApi, type BotApi } from './bot-api'
import type { TelegramSender } from './send-telegram'

/** The bot as this app uses it; null from `telegramFor` when Telegram is off. */
export type Telegram = {
  api: BotApi
  updates: 'polling' | 'webhook'
  /** Sent back by Telegram in X-Telegram-Bot-Api-Secret-Token with every webhook update. */
  webhookSecret: string
  /** The bot's username (for t.me links), asked once and kept; a failed ask is tried again. */
  botUsername(): Promise<string>
}

/**
 * The webhook's secret, derived from the bot token so every process agrees without storing it
 * (Telegram allows 1–256 of A-Za-z0-9_-). It changes with the token, as the webhook must.
 */
export function webhookSecretFor(botToken: string): string {
  return createHmac('sha256', botToken).update('telegram-webhook-secret').digest('base64url')
}

function createTelegram(config: NonNullable<TelegramConfig>): Telegram {
  const api = createBotApi({ apiBase: config.apiBase, botToken: config.botToken })
  let username: Promise<string> | null = null
  return {
    api,
    updates: config.updates,
    webhookSecret: webhookSecretFor(config.botToken),
    botUsername() {
      username ??= api.getMe().then(
        (me) => me.username,
        (error: unknown) => {
          username = null
          throw error
        },
      )
      return username
    },
  }
}

// Keyed by the configuration, which every plugin context of one app shares.
const telegramByConfig = new WeakMap<object, Telegram | null>()

/** One bot per app, shared by its routes, the updates reader and the outbox. */
export function telegramFor(app: FastifyInstance): Telegram | null {
  const { config } = app
  if (!telegramByConfig.has(config)) {
    telegramByConfig.set(config, config.telegram ? createTelegram(config.telegram) : null)
  }
  return telegramByConfig.get(config)!
}

/** What `sendTelegram` needs, from the app. */
export function telegramSender(app: FastifyInstance): TelegramSender {
  return { telegram: telegramFor(app), db: app.db, now: () => app.now() }
}
