import type { FastifyInstance } from 'fastify'
import { siteOrigin } from '../../lib/site-origin'
import { backoffDelay } from '../../../common/backoff'
import { BotApiError, type TelegramUpdate } from './bot-api'
import { handleUpdate, resumeOffset } from './handle-update'
import { tryPollerLease, type PollerLease } from './poller-lock'
import { sendTelegram } from './send-telegram'
import { telegramFor, telegramSender, type Telegram } from './telegram'

/** How long one getUpdates call waits for an update (Telegram allows up to 50). */
const pollSeconds = 25
/** How often a process that does not poll tries to take over. */
const standbyMs = 5_000

/** Acts on an update, then (after its commit) sends the bot's reply. */
export async function handleAndReply(app: FastifyInstance, update: TelegramUpdate) {
  const site = { brandName: app.config.brandName, origin: siteOrigin(app.config) }
  const reply = await handleUpdate(app.db, update, site, app.now())
  if (!reply) return
  const sent = await sendTelegram(telegramSender(app), reply)
  if (!sent.ok) app.log.warn({ reason: sent.reason }, 'Telegram reply not sent')
}

/** Resolves after `ms`, or at once when `signal` fires. */
function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve()
    const timer = setTimeout(done, ms)
    signal.addEventListener('abort', done, { once: true })
    function done() {
      clearTimeout(timer)
      signal.removeEventListener('abort', done)
      resolve()
    }
  })
}

const pollBackoff = { baseMs: 500, capMs: 30_000 }

/** The wait after a failure: Telegram's retry_after, else a capped, jittered backoff. */
function delayAfter(error: unknown, failures: number): number {
  const retryAfter = error instanceof BotApiError ? error.retryAfterSeconds : null
  return retryAfter !== null ? retryAfter * 1000 : backoffDelay(failures, pollBackoff, Math.random)
}

// Our own words for Bot API failures (never a URL: it holds the token); others as they are.
const logged = (error: unknown) =>
  error instanceof BotApiError ? { reason: error.message } : { err: error }

async function pollWhileLeading(
  app: FastifyInstance,
  telegram: Telegram,
  lease: PollerLease,
  stopped: AbortSignal,
) {
  const signal = AbortSignal.any([lease.lost, stopped])
  let offset: number | null = null
  let isReady = false
  let failures = 0
  while (!signal.aborted) {
    try {
      if (!isReady) {
        // getUpdates answers 409 while a webhook is set (say, from an earlier configuration).
        await telegram.api.deleteWebhook()
        offset = await resumeOffset(app.db, app.now())
        isReady = true
      }
      const updates = await telegram.api.getUpdates(offset, pollSeconds, signal)
      for (const update of updates) {
        await handleAndReply(app, update)
        offset = update.update_id + 1
      }
      failures = 0
    } catch (error) {
      if (signal.aborted) return
      failures += 1
      app.log.warn(logged(error), 'Reading Telegram updates failed; will retry')
      await pause(delayAfter(error, failures), signal)
    }
  }
}

async function pollForever(app: FastifyInstance, telegram: Telegram, stopped: AbortSignal) {
  while (!stopped.aborted) {
    const lease = await tryPollerLease(app.config.database).catch(() => null)
    if (lease) {
      try {
        await pollWhileLeading(app, telegram, lease, stopped)
      } finally {
        await lease.release()
      }
    }
    await pause(standbyMs, stopped)
  }
}

async function setWebhookUntilDone(app: FastifyInstance, telegram: Telegram, stopped: AbortSignal) {
  const url = `${app.config.publicUrl}/api/telegram/webhook`
  for (let failures = 1; !stopped.aborted; failures++) {
    try {
      await telegram.api.setWebhook(url, telegram.webhookSecret)
      return
    } catch (error) {
      app.log.warn(logged(error), 'Setting the Telegram webhook failed; will retry')
      await pause(delayAfter(error, failures), stopped)
    }
  }
}

/**
 * Reads the bot's updates while the app serves: with a webhook, tells Telegram where to send
 * them (every process: the call is idempotent); with long polling, polls from one process at a
 * time. Stops when the app closes.
 */
export function readTelegramUpdates(app: FastifyInstance) {
  const telegram = telegramFor(app)
  if (!telegram) return
  const stopped = new AbortController()
  let running: Promise<void> = Promise.resolve()
  app.addHook('onListen', async () => {
    // The links in trial answers need the bot's name: ask for it now rather than then.
    telegram.botUsername().catch((error: unknown) => app.log.warn(logged(error), 'getMe failed'))
    running =
      telegram.updates === 'webhook'
        ? setWebhookUntilDone(app, telegram, stopped.signal)
        : pollForever(app, telegram, stopped.signal)
  })
  app.addHook('onClose', async () => {
    stopped.abort()
    await running
  })
}
