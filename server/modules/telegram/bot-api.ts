import { z } from 'zod'

/**
 * What went wrong with a call, in our words (never the URL: it holds the bot token).
 * `retryable`: a timeout, an unreachable API, a 5xx, a 409 or a 429 (with `retryAfterSeconds`);
 * `blocked`: 403, the user blocked the bot or left the chat; `refused`: anything else (400s).
 */
export class BotApiError extends Error {
  constructor(
    readonly kind: 'retryable' | 'blocked' | 'refused',
    message: string,
    readonly errorCode: number | null = null,
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(message)
  }
}

const failure = z.object({
  ok: z.literal(false),
  error_code: z.number().int(),
  description: z.string().max(500).optional(),
  parameters: z.object({ retry_after: z.number().int().nonnegative().optional() }).optional(),
})
const success = z.object({ ok: z.literal(true), result: z.unknown() })

const user = z.object({ id: z.number(), is_bot: z.boolean(), username: z.string().optional() })
export const telegramUpdate = z.object({
  update_id: z.number().int(),
  message: z
    .object({
      chat: z.object({ id: z.number().int(), type: z.string() }),
      text: z.string().optional(),
    })
    .optional(),
})
export type TelegramUpdate = z.infer<typeof telegramUpdate>

/** The only updates we act on: messages sent to the bot (/start, /stop). */
export const allowedUpdates = ['message']

type BotApiOptions = {
  apiBase: string
  botToken: string
  /** How long a call may take beyond a long poll's own wait. */
  timeoutMs?: number
}

type SendMessage = { chatId: number; text: string; parseMode?: 'HTML' }

function errorFor(answer: z.infer<typeof failure>): BotApiError {
  const { error_code: code, description = 'no description' } = answer
  const message = `Telegram answered ${code}: ${description}`
  if (code === 429) {
    return new BotApiError('retryable', message, code, answer.parameters?.retry_after ?? 1)
  }
  if (code >= 500 || code === 409 || code === 401) {
    // 401: a revoked token; the messages wait until the configuration is put right.
    return new BotApiError('retryable', message, code)
  }
  if (code === 403) return new BotApiError('blocked', message, code)
  return new BotApiError('refused', message, code)
}

/**
 * The Bot API (https://core.telegram.org/bots/api): `POST {base}/bot{token}/{method}` with a JSON
 * body, answered `{ ok: true, result }` or `{ ok: false, error_code, description, parameters }`.
 */
export function createBotApi({ apiBase, botToken, timeoutMs = 15_000 }: BotApiOptions) {
  async function call(
    method: string,
    params: Record<string, unknown>,
    options: { waitMs?: number; signal?: AbortSignal } = {},
  ): Promise<unknown> {
    const timeout = AbortSignal.timeout(timeoutMs + (options.waitMs ?? 0))
    const signal = options.signal ? AbortSignal.any([timeout, options.signal]) : timeout
    let status: number
    let body: unknown
    try {
      const response = await fetch(`${apiBase}/bot${botToken}/${method}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(params),
        // A redirect would carry the token to wherever it points.
        redirect: 'manual',
        signal,
      })
      status = response.status
      body = await response.json().catch(() => undefined)
    } catch {
      // The cause may name the request; only our own words leave this function.
      const what = timeout.aborted ? 'did not answer in time' : 'could not be reached'
      throw new BotApiError('retryable', `Telegram ${what} (${method})`)
    }
    const ok = success.safeParse(body)
    if (ok.success) return ok.data.result
    const refused = failure.safeParse(body)
    if (refused.success) throw errorFor(refused.data)
    const kind = status >= 400 && status < 500 && status !== 429 ? 'refused' : 'retryable'
    throw new BotApiError(kind, `Telegram gave an unreadable answer (HTTP ${status}, ${method})`)
  }

  return {
    /** The bot itself: its username makes the t.me links. */
    async getMe(): Promise<{ username: string }> {
      const me = user.parse(await call('getMe', {}))
      if (!me.username) throw new BotApiError('refused', 'Telegram gave the bot no username')
      return { username: me.username }
    },

    /** Long polling: answers at once when updates wait, else after `timeoutSeconds` with none. */
    async getUpdates(
      offset: number | null,
      timeoutSeconds: number,
      signal?: AbortSignal,
    ): Promise<TelegramUpdate[]> {
      const params = { timeout: timeoutSeconds, allowed_updates: allowedUpdates }
      const result = await call('getUpdates', offset === null ? params : { ...params, offset }, {
        waitMs: timeoutSeconds * 1000,
        signal,
      })
      // An update of a shape we do not know is kept with its id only, so the offset moves on.
      return z
        .array(z.object({ update_id: z.number().int() }).passthrough())
        .parse(result)
        .map((raw) => telegramUpdate.safeParse(raw).data ?? { update_id: raw.update_id })
    },

    async setWebhook(url: string, secretToken: string): Promise<void> {
      await call('setWebhook', { url, secret_token: secretToken, allowed_updates: allowedUpdates })
    },

    async deleteWebhook(): Promise<void> {
      await call('deleteWebhook', {})
    },

    async sendMessage({ chatId, text, parseMode }: SendMessage): Promise<void> {
      await call('sendMessage', {
        chat_id: chatId,
        text,
        ...(parseMode ? { parse_mode: parseMode } : {}),
        link_preview_options: { is_disabled: true },
      })
    },
  }
}

export type BotApi = ReturnType<typeof createBotApi>
