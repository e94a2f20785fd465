import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import {
  btcpaySignature,
  createTrouble,
  payPage,
  postWebhook,
  randomId,
  readBody,
  sendJson,
} from './fake-provider-http'

export type FakeInvoice = {
  id: string
  storeId: string
  checkoutLink: string
  status: 'New' | 'Processing' | 'Expired' | 'Invalid' | 'Settled'
  additionalStatus: 'None' | 'PaidLate' | 'PaidPartial' | 'Marked' | 'Invalid' | 'PaidOver'
  amount: string
  currency: string
  metadata: Record<string, unknown>
  checkout: Record<string, unknown>
  createdTime: number
  expirationTime: number
}
export type BtcpayDelivery = {
  deliveryId: string
  webhookId: string
  originalDeliveryId: string | null
  isRedelivery: boolean
  type: string
  timestamp: number
  storeId: string
  invoiceId: string
  metadata: Record<string, unknown>
  [extra: string]: unknown
}

const now = () => Math.floor(Date.now() / 1000)
const greenfieldError = (code: string, message: string) => ({ code, message })

/**
 * A local BTCPay Server Greenfield API for one store, from its published reference: create and
 * read invoices and mark them invalid with `Authorization: token <key>`, a checkout page whose Pay button settles the
 * invoice, and webhooks signed `BTCPay-Sig: sha256=<hex HMAC of the body>`, with redeliveries
 * carrying the first delivery's id as `originalDeliveryId`.
 */
export async function startFakeBtcpay({
  apiKey = 'fake-btcpay-api-key-for-tests',
  storeId = 'FakeStore123',
  webhookSecret = 'fake-btcpay-webhook-secret',
} = {}) {
  const trouble = createTrouble()
  const invoices = new Map<string, FakeInvoice>()
  const webhookId = randomId('wh')
  const state = {
    calls: [] as { method: string; path: string; body: unknown }[],
    deliveries: [] as (BtcpayDelivery & { status: number })[],
    webhookUrl: null as string | null,
  }
  let base = ''
  // The webhooks of invoices marked invalid through the API, sent as the answer goes back.
  const closedByApi: Promise<number>[] = []

  function createInvoice(body: Record<string, unknown>): [number, unknown] {
    const amount = body.amount
    if (typeof amount !== 'string' && typeof amount !== 'number') {
      return [422, [{ path: 'amount', message: 'Amount is required' }]]
    }
    if (!/^\d+(\.\d+)?$/.test(String(amount))) {
      return [422, [{ path: 'amount', message: 'Amount must be a positive decimal' }]]
    }
    const checkout = (body.checkout as Record<string, unknown> | undefined) ?? {}
    const id = randomId('inv')
    const invoice: FakeInvoice = {
      id,
      storeId,
      checkoutLink: `${base}/i/${id}`,
      status: 'New',
      additionalStatus: 'None',
      amount: String(amount),
      currency: String(body.currency ?? 'USD').toUpperCase(),
      metadata: (body.metadata as Record<string, unknown>) ?? {},
      checkout,
      createdTime: now(),
      expirationTime: now() + 60 * Number(checkout.expirationMinutes ?? 15),
    }
    invoices.set(id, invoice)
    return [200, invoice]
  }

  /**
   * `POST …/invoices/{id}/status` with `{status: "Invalid"}`: Greenfield marks a new, processing
   * or expired invoice (or one marked before) invalid, else answers 422 naming `Status`.
   */
  function markStatus(invoice: FakeInvoice, status: unknown): [number, unknown] {
    const canMarkInvalid =
      ['New', 'Processing', 'Expired'].includes(invoice.status) ||
      (invoice.status !== 'Invalid' && invoice.additionalStatus === 'Marked')
    if (status !== 'Invalid' || !canMarkInvalid) {
      return [
        422,
        [
          {
            path: 'Status',
            message: 'Status can only be marked to invalid or settled within certain conditions.',
          },
        ],
      ]
    }
    invoice.status = 'Invalid'
    invoice.additionalStatus = 'Marked'
    closedByApi.push(emit('InvoiceInvalid', invoice.id, { manuallyMarked: true }))
    return [200, invoice]
  }

  async function handleApi(request: IncomingMessage, url: URL): Promise<[number, unknown]> {
    const text = await readBody(request)
    const body = text ? (JSON.parse(text) as Record<string, unknown>) : {}
    state.calls.push({ method: request.method!, path: url.pathname, body })
    if (request.headers.authorization !== `token ${apiKey}`) {
      return [
        401,
        greenfieldError(
          'unauthenticated',
          'Authentication is required for accessing this endpoint',
        ),
      ]
    }
    const failure = await trouble.take()
    if (failure) return [failure, greenfieldError('server-error', 'Injected failure')]
    const prefix = `/api/v1/stores/${storeId}/invoices`
    if (url.pathname === prefix && request.method === 'POST') return createInvoice(body)
    const one = url.pathname.startsWith(`${prefix}/`)
      ? invoices.get(url.pathname.slice(prefix.length + 1))
      : undefined
    if (one && request.method === 'GET') return [200, one]
    const marking = url.pathname.startsWith(`${prefix}/`) && url.pathname.endsWith('/status')
    const toMark = marking
      ? invoices.get(url.pathname.slice(prefix.length + 1, -'/status'.length))
      : undefined
    if (toMark && request.method === 'POST') return markStatus(toMark, body.status)
    return [404, greenfieldError('invoice-not-found', 'The invoice was not found')]
  }

  /** Sends a delivery, signed (or mis-signed with `secret`), and records what our webhook answered. */
  async function deliver(
    delivery: BtcpayDelivery,
    { secret = webhookSecret, signature }: { secret?: string; signature?: string | null } = {},
  ) {
    if (!state.webhookUrl) return 0
    const payload = JSON.stringify(delivery)
    const header = signature === undefined ? btcpaySignature(payload, secret) : signature
    const status = await postWebhook(
      state.webhookUrl,
      payload,
      header === null ? {} : { 'btcpay-sig': header },
    )
    state.deliveries.push({ ...delivery, status })
    return status
  }

  function makeDelivery(
    type: string,
    invoiceId: string,
    extra: Record<string, unknown> = {},
  ): BtcpayDelivery {
    const invoice = invoiceOf(invoiceId)
    return {
      deliveryId: randomId('dl'),
      webhookId,
      originalDeliveryId: null,
      isRedelivery: false,
      type,
      timestamp: now(),
      storeId,
      invoiceId,
      metadata: invoice.metadata,
      ...extra,
    }
  }
  const emit = (type: string, invoiceId: string, extra?: Record<string, unknown>) =>
    deliver(makeDelivery(type, invoiceId, extra))
  function invoiceOf(id: string) {
    const found = invoices.get(id)
    if (!found) throw new Error(`fake BTCPay has no invoice ${id}`)
    return found
  }

  /** The customer pays in full; once confirmed, the payment and then the invoice settle. */
  async function pay(id: string) {
    const invoice = invoiceOf(id)
    invoice.status = 'Settled'
    await emit('InvoiceReceivedPayment', id, { afterExpiration: false })
    await emit('InvoicePaymentSettled', id, { afterExpiration: false })
    return emit('InvoiceSettled', id, { manuallyMarked: false, overPaid: false })
  }

  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', base)
    const page = /^\/i\/([^/]+)$/.exec(url.pathname)
    if (page && invoices.has(page[1]!)) {
      const id = page[1]!
      if (invoiceOf(id).status === 'Invalid') {
        // BTCPay's checkout shows an invalid invoice as ended, with nothing to pay.
        response.writeHead(410, { 'content-type': 'text/plain' }).end('This invoice is invalid.')
        return
      }
      if (request.method === 'GET') {
        response
          .writeHead(200, { 'content-type': 'text/html' })
          .end(payPage('BTCPay test invoice', `/i/${id}`))
        return
      }
      void pay(id).then(() => {
        const target = String(invoiceOf(id).checkout.redirectURL ?? base)
        response.writeHead(303, { location: target }).end()
      })
      return
    }
    handleApi(request, url).then(
      ([status, body]) => sendJson(response, status, body),
      () => sendJson(response, 400, greenfieldError('invalid-json', 'The body is not JSON')),
    )
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`

  return {
    url: base,
    apiKey,
    storeId,
    webhookSecret,
    state,
    ...trouble,
    invoices,
    invoice: invoiceOf,
    pay,
    deliver,
    makeDelivery,
    /** BTCPay delivers the same event again: a new deliveryId, the first one as originalDeliveryId. */
    redeliver(first: BtcpayDelivery) {
      return deliver({
        ...first,
        deliveryId: randomId('dl'),
        originalDeliveryId: first.originalDeliveryId ?? first.deliveryId,
        isRedelivery: true,
      })
    },
    async expire(id: string) {
      invoiceOf(id).status = 'Expired'
      return emit('InvoiceExpired', id, { partiallyPaid: false })
    },
    /** Paid after it expired: InvoicePaymentSettled follows InvoiceExpired, never InvoiceSettled. */
    async payLate(id: string) {
      const invoice = invoiceOf(id)
      invoice.additionalStatus = 'PaidLate'
      await emit('InvoiceReceivedPayment', id, { afterExpiration: true })
      return emit('InvoicePaymentSettled', id, { afterExpiration: true })
    },
    /** What our webhook answered to each invoice marked invalid through the API, once all arrived. */
    closedByApiDelivered: () => Promise.all(closedByApi),
    async invalidate(id: string) {
      const invoice = invoiceOf(id)
      invoice.status = 'Invalid'
      invoice.additionalStatus = 'Marked'
      return emit('InvoiceInvalid', id, { manuallyMarked: true })
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
export type FakeBtcpay = Awaited<ReturnType<typeof startFakeBtcpay>>
