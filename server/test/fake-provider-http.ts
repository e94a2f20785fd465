import { createHmac, randomBytes } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'

export async function readBody(request: IncomingMessage): Promise<string> {
  let body = ''
  for await (const chunk of request) body += chunk
  return body
}

export const sendJson = (
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) =>
  response
    .writeHead(status, { 'content-type': 'application/json', ...headers })
    .end(JSON.stringify(body))

export const randomId = (prefix: string) => `${prefix}${randomBytes(12).toString('hex')}`

/**
 * Stripe's form encoding (`line_items[0][price_data][currency]=eur`) as a nested object; arrays
 * come as objects keyed "0", "1"… as Stripe's own parser reads them.
 */
export function parseStripeForm(body: string): Record<string, unknown> {
  const root: Record<string, unknown> = {}
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.split('[').map((part) => part.replace(/]$/, ''))
    let node = root
    for (const part of path.slice(0, -1)) {
      node[part] ??= {}
      node = node[part] as Record<string, unknown>
    }
    node[path.at(-1)!] = value
  }
  return root
}

/**
 * `Stripe-Signature` as Stripe documents it, computed by hand: `t=<unix>,v1=<hex HMAC-SHA256 of
 * "<t>.<raw body>" with the endpoint secret>`.
 */
export function stripeSignature(payload: string, secret: string, timestamp: number): string {
  const v1 = createHmac('sha256', secret).update(`${timestamp}.${payload}`).digest('hex')
  return `t=${timestamp},v1=${v1}`
}

/** `BTCPay-Sig` as BTCPay Server documents it: `sha256=<hex HMAC-SHA256 of the raw body>`. */
export function btcpaySignature(payload: string, secret: string): string {
  return `sha256=${createHmac('sha256', secret).update(payload).digest('hex')}`
}

/** POSTs a webhook body with its headers; answers the status (0 when nothing answered). */
export async function postWebhook(url: string, payload: string, headers: Record<string, string>) {
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
    body: payload,
  }).then(
    async (response) => {
      await response.arrayBuffer()
      return response.status
    },
    () => 0,
  )
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`)

/**
 * A page with one form button, as a provider's hosted checkout has: the lines it charges for
 * and, when the checkout has one, the link back to the seller ("Back", Stripe's cancel_url).
 */
export const payPage = (
  title: string,
  action: string,
  { lines = [], backUrl }: { lines?: string[]; backUrl?: string | null } = {},
) =>
  `<!doctype html><html><head><title>${title}</title></head><body><h1>${title}</h1>` +
  lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('') +
  (backUrl ? `<a href="${escapeHtml(backUrl)}">Back</a>` : '') +
  `<form method="post" action="${action}"><button type="submit">Pay</button></form></body></html>`

/** Fails or slows the next calls on demand, for outage and timeout tests. */
export function createTrouble() {
  let failures: number[] = []
  let delayMs = 0
  let inFlight = 0
  let onIdle: (() => void)[] = []
  return {
    /** The next `count` API calls answer `status` (500 or 429). */
    failNext(count: number, status = 500) {
      failures = Array.from({ length: count }, () => status)
    },
    /** Every API call waits this long before answering (0 to stop). */
    delay(ms: number) {
      delayMs = ms
    },
    /**
     * Resolves once no call is being held by the delay: the client gave up on a slow call (and
     * retried it), but the fake still answers it later, as a slow server would.
     */
    idle(): Promise<void> {
      return inFlight === 0 ? Promise.resolve() : new Promise((resolve) => onIdle.push(resolve))
    },
    /** What this call meets, decided when it arrives. */
    async take(): Promise<number | null> {
      // Taken on arrival: a call still held by an earlier delay (a timed-out attempt the client
      // has given up on) never takes a failure injected later for another call.
      const failure = failures.shift() ?? null
      if (delayMs > 0) {
        inFlight += 1
        await new Promise((resolve) => setTimeout(resolve, delayMs))
        inFlight -= 1
        if (inFlight === 0) {
          for (const resolve of onIdle) resolve()
          onIdle = []
        }
      }
      return failure
    },
  }
}
