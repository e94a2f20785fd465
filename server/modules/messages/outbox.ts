import type { FastifyBaseLogger } from 'fastify'
import type { Config } from '../../config'
import type { Db } from '../../db/client'
import { createMailer, type Mailer } from './mailer'
import type { Telegram } from '../telegram/telegram'
import { failDueWhileOff, sendDueMessages, type FlushResult } from './outbox-worker'

export type Outbox = {
  /** The transport, when SMTP_URL is set; null means e-mail is off. */
  mailer: Mailer | null
  /** Sends what is due now; a flush already running in this process finishes first. */
  flush(): Promise<FlushResult>
  close(): void
}

/** This process's side of the outbox: one mail transport and one flush at a time. */
export function createOutbox(deps: {
  db: Db
  config: Config
  now: () => Date
  log: FastifyBaseLogger
  /** The bot, when TELEGRAM_BOT_TOKEN is set: messages to bound chats go through it. */
  telegram: Telegram | null
}): Outbox {
  const mailer = deps.config.smtp ? createMailer(deps.config.smtp) : null
  let running: Promise<FlushResult> | null = null

  async function flushOnce(): Promise<FlushResult> {
    // With e-mail off its messages fail at once; Telegram's still go.
    const failedWhileOff = mailer ? 0 : await failDueWhileOff(deps.db, deps.now())
    const transports = { mailer, telegram: deps.telegram, log: deps.log }
    const result = await sendDueMessages(deps.db, transports, deps.config, deps.now, (error, id) =>
      deps.log.error({ err: error, messageId: id }, 'Could not prepare a message; will retry'),
    )
    return { ...result, failed: result.failed + failedWhileOff }
  }

  return {
    mailer,
    async flush() {
      while (running) await running.catch(() => {})
      running = flushOnce()
      try {
        return await running
      } finally {
        running = null
      }
    },
    close: () => mailer?.close(),
  }
}
