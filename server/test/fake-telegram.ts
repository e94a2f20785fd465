import { EventEmitter } from 'node:events'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'

/** A message the bot sent (sendMessage), as Telegram received it. */
export type SentMessage = { chat_id: number; text: string; parse_mode?: string }

type Update = { update_id: number; message: Record<string, unknown> }
type Answer = { status: number; body: unknown }

const ok = (result: unknown): Answer => ({ status: 200, body: { ok: true, result } })
const refuse = (code: number, description: string, retryAfter?: number): Answer => ({
  status: code,
  body: {
    ok: false,
    error_code: code,
    description,
    ...(retryAfter === undefined ? {} : { parameters: { retry_after: retryAfter } }),
  },
})

async function readParams(request: IncomingMessage, url: URL): Promise<Record<string, unknown>> {
  const params: Record<string, unknown> = Object.fromEntries(url.searchParams)
  let body = ''
  for await (const chunk of request) body += chunk
  const type = request.headers['content-type'] ?? ''
  if (type.startsWith('application/json') && body) Object.assign(params, JSON.parse(body))
  if (type.startsWith('application/x-www-form-urlencoded')) {
    Object.assign(params, Object.fromEntries(new URLSearchParams(body)))
  }
  return params
}

const send = (response: ServerResponse, { status, body }: Answer) =>
  response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body))

/**
 * A local Bot API (https://core.telegram.org/bots/api) for one bot: `{url}/bot{token}/{method}`
 * by GET or POST (query, JSON or form parameters), answering `{ ok, result }` or
 * `{ ok: false, error_code, description, parameters }`. Updates wait in a queue until a
 * getUpdates call's `offset` confirms them; a second concurrent getUpdates ends the first with
 * 409, as does getUpdates while a webhook is set. With a webhook, each update is POSTed to it
 * with the secret header, in order, until it answers 2xx.
 */
export async function startFakeTelegram({
  token = '123456789:AAFakeTokenForTestsOnly_abcdefghijkl',
  botUsername = 'StreamLineTestBot',
} = {}) {
  const events = new EventEmitter().setMaxListeners(0)
  let nextUpdateId = 700_000
  let queue: Update[] = []
  let webhook: { url: string; secret: string | undefined } | null = null
  let pendingPoll: ((answer: Answer) => void) | null = null
  let isDelivering = false
  const blocked = new Set<number>()
  let rateLimits: number[] = []
  const state = {
    sent: [] as SentMessage[],
    /** Every call, with its parameters (never the token: it is in the path). */
    calls: [] as { method: string; params: Record<string, unknown> }[],
    /** 409s answered: a second poller, or polling while a webhook is set. */
    conflicts: 0,
    /** Status codes our webhook answered. */
    webhookAnswers: [] as number[],
  }

  function confirmBelow(offset: number) {
    queue = queue.filter((update) => update.update_id >= offset)
  }

  async function deliverToWebhook() {
    if (isDelivering) return
    isDelivering = true
    try {
      while (webhook && queue[0]) {
        const update = queue[0]
        const answer = await fetch(webhook.url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            ...(webhook.secret ? { 'x-telegram-bot-api-secret-token': webhook.secret } : {}),
          },
          body: JSON.stringify(update),
        }).then(
          (response) => response.status,
          () => 0,
        )
        state.webhookAnswers.push(answer)
        events.emit('webhook-answer', answer)
        if (answer >= 200 && answer < 300) queue.shift()
        else await new Promise((resolve) => setTimeout(resolve, 200))
      }
    } finally {
      isDelivering = false
    }
  }

  function getUpdates(params: Record<string, unknown>, response: ServerResponse) {
    if (webhook) {
      state.conflicts += 1
      return Promise.resolve(
        refuse(
          409,
          "Conflict: can't use getUpdates method while webhook is active; use deleteWebhook to delete the webhook first",
        ),
      )
    }
    if (pendingPoll) {
      state.conflicts += 1
      pendingPoll(
        refuse(
          409,
          'Conflict: terminated by other getUpdates request; make sure that only one bot instance is running',
        ),
      )
    }
    const offset = params.offset === undefined ? null : Number(params.offset)
    if (offset !== null && offset > 0) confirmBelow(offset)
    if (offset !== null && offset < 0) queue = queue.slice(offset)
    const limit = Math.min(Number(params.limit ?? 100), 100)
    const available = () => queue.slice(0, limit)
    const timeoutSeconds = Number(params.timeout ?? 0)
    if (available().length > 0 || timeoutSeconds <= 0) return Promise.resolve(ok(available()))
    return new Promise<Answer>((resolve) => {
      const finish = (answer: Answer) => {
        clearTimeout(timer)
        events.off('update', onUpdate)
        response.off('close', onClose)
        if (pendingPoll === finish) pendingPoll = null
        resolve(answer)
      }
      const onUpdate = () => finish(ok(available()))
      // The client gave up: nothing is answered, and the updates stay unconfirmed.
      const onClose = () => finish({ status: 0, body: null })
      const timer = setTimeout(() => finish(ok([])), timeoutSeconds * 1000)
      events.on('update', onUpdate)
      response.on('close', onClose)
      pendingPoll = finish
    })
  }

  function sendMessage(params: Record<string, unknown>): Answer {
    const chatId = Number(params.chat_id)
    const text = String(params.text ?? '')
    if (!Number.isInteger(chatId) || text.trim() === '') {
      return refuse(400, 'Bad Request: message text is empty')
    }
    if (text.length > 4096) return refuse(400, 'Bad Request: message is too long')
    const retryAfter = rateLimits.shift()
    if (retryAfter !== undefined) {
      return refuse(429, `Too Many Requests: retry after ${retryAfter}`, retryAfter)
    }
    if (blocked.has(chatId)) return refuse(403, 'Forbidden: bot was blocked by the user')
    const message: SentMessage = { chat_id: chatId, text }
    if (typeof params.parse_mode === 'string') message.parse_mode = params.parse_mode
    state.sent.push(message)
    events.emit('sent', message)
    return ok({ message_id: state.sent.length, date: Math.floor(Date.now() / 1000), text })
  }

  async function answer(method: string, params: Record<string, unknown>, response: ServerResponse) {
    switch (method) {
      case 'getMe':
        return ok({
          id: Number(token.split(':')[0]),
          is_bot: true,
          first_name: 'Test bot',
          username: botUsername,
        })
      case 'getUpdates':
        return getUpdates(params, response)
      case 'setWebhook': {
        const url = String(params.url ?? '')
        if (!url)
          return refuse(400, 'Bad Request: bad webhook: An HTTPS URL must be provided for webhook')
        const secret = params.secret_token === undefined ? undefined : String(params.secret_token)
        if (secret !== undefined && !/^[A-Za-z0-9_-]{1,256}$/.test(secret)) {
          return refuse(400, 'Bad Request: secret token contains unallowed characters')
        }
        webhook = { url, secret }
        events.emit('webhook-set')
        void deliverToWebhook()
        return ok(true)
      }
      case 'deleteWebhook':
        webhook = null
        if (params.drop_pending_updates === true) queue = []
        return ok(true)
      case 'sendMessage':
        return sendMessage(params)
      default:
        return refuse(404, 'Not Found')
    }
  }

  const server = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', 'http://localhost')
      const [, bot, method] = url.pathname.split('/')
      if (bot !== `bot${token}` || !method) return send(response, refuse(401, 'Unauthorized'))
      const params = await readParams(request, url)
      state.calls.push({ method, params })
      const result = await answer(method, params, response)
      if (result.status !== 0) send(response, result)
    })()
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }

  function waitFor<T>(event: string, found: () => T | undefined, timeoutMs = 15_000): Promise<T> {
    return new Promise((resolve, reject) => {
      const check = () => {
        const value = found()
        if (value === undefined) return
        clearTimeout(timer)
        events.off(event, check)
        resolve(value)
      }
      const timer = setTimeout(() => {
        events.off(event, check)
        reject(new Error(`fake Telegram: nothing matching arrived (${event})`))
      }, timeoutMs)
      events.on(event, check)
      check()
    })
  }

  return {
    /** TELEGRAM_API_BASE for the server under test. */
    apiBase: `http://127.0.0.1:${port}`,
    token,
    botUsername,
    state,
    /** A user writes to the bot in their private chat (e.g. `/start TOKEN` after pressing Start). */
    pushMessage(chatId: number, text: string): number {
      const update: Update = {
        update_id: nextUpdateId++,
        message: {
          message_id: nextUpdateId,
          from: { id: chatId, is_bot: false, first_name: 'Ada' },
          chat: { id: chatId, type: 'private', first_name: 'Ada' },
          date: Math.floor(Date.now() / 1000),
          text,
          ...(text.startsWith('/')
            ? { entities: [{ type: 'bot_command', offset: 0, length: text.split(' ')[0]!.length }] }
            : {}),
        },
      }
      queue.push(update)
      events.emit('update')
      void deliverToWebhook()
      return update.update_id
    },
    /** The user blocks the bot: sendMessage to their chat answers 403 from now on. */
    block(chatId: number) {
      blocked.add(chatId)
    },
    /** The next sendMessage calls answer 429 with these retry_after seconds, one each. */
    rateLimitNext(...retryAfterSeconds: number[]) {
      rateLimits = retryAfterSeconds
    },
    webhook: () => webhook,
    /** Resolves with the `nth` message (1, 2, …) the bot sent to `chatId`. */
    waitForMessage(chatId: number, nth = 1) {
      return waitFor('sent', () => state.sent.filter((m) => m.chat_id === chatId)[nth - 1])
    },
    waitForWebhook: () => waitFor('webhook-set', () => webhook ?? undefined),
    /** Updates not yet confirmed (by an offset, or by a webhook's 2xx). */
    pending: () => queue.length,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

export type FakeTelegram = Awaited<ReturnType<typeof startFakeTelegram>>
