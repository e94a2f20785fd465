import { createHmac, timingSafeEqual } from 'node:crypto'
import { z } from 'zod'
import { formatCents, toCents } from '../../../../common/money'
import type { Config } from '../../../config'
import { paymentReturnPaths } from '../payment-pages.routes'
import { badRequest, conflict } from '../../../lib/http-error'
import type { CheckoutState, PaymentProvider, WebhookEvent } from './payment-provider'
import {
  badSignature,
  ProviderRefusal,
  providerRefused,
  providerTimeout,
  providerUnavailable,
} from './provider-errors'

type BtcpaySettings = NonNullable<Config['payments']['btcpay']>

/** An invoice as Greenfield answers it (the fields we read). */
const invoice = z.object({
  id: z.string(),
  checkoutLink: z.string().optional(),
  status: z.string(),
  additionalStatus: z.string().optional(),
  amount: z.string(),
  currency: z.string(),
  metadata: z.object({ orderId: z.string().optional() }).passthrough().nullish(),
})
type Invoice = z.infer<typeof invoice>

/** A webhook delivery's envelope (Greenfield's webhook payloads). */
const delivery = z.object({
  deliveryId: z.string().min(1),
  originalDeliveryId: z.string().nullish(),
  isRedelivery: z.boolean().optional(),
  type: z.string(),
  invoiceId: z.string().optional(),
  metadata: z.object({ orderId: z.string().optional() }).passthrough().nullish(),
})

// An invoice paid after it expired stays `Expired` with `PaidLate`; it is paid all the same.
const isPaid = (state: Invoice) =>
  state.status === 'Settled' ||
  (state.status === 'Expired' && state.additionalStatus === 'PaidLate')

function stateOf(state: Invoice): CheckoutState {
  return {
    isPaid: isPaid(state),
    closedAs: isPaid(state)
      ? null
      : state.status === 'Expired'
        ? 'expired'
        : state.status === 'Invalid'
          ? 'failed'
          : null,
    amountMinor: toCents(state.amount) ?? -1,
    currency: state.currency.toUpperCase(),
    providerPaymentId: state.id,
  }
}

/** Whether the `BTCPay-Sig` header (`sha256=<hex HMAC of the raw body>`) holds. */
function isSignedBy(secret: string, rawBody: Buffer, header: string): boolean {
  const sent = /^sha256=([0-9a-f]{64})$/i.exec(header.trim())?.[1]
  if (!sent) return false
  const expected = createHmac('sha256', secret).update(rawBody).digest()
  return timingSafeEqual(Buffer.from(sent, 'hex'), expected)
}

/** BTCPay Server's Greenfield API for one store, over fetch. */
export function createBtcpayProvider(
  settings: BtcpaySettings,
  options: { timeoutMs: number; publicOrigin: string; now: () => Date },
): PaymentProvider {
  const invoicesUrl = `${settings.url}/api/v1/stores/${encodeURIComponent(settings.storeId)}/invoices`

  async function call(url: string, init: RequestInit = {}): Promise<Invoice> {
    let response: Response
    try {
      response = await fetch(url, {
        ...init,
        headers: {
          authorization: `token ${settings.apiKey}`,
          accept: 'application/json',
          ...(init.body ? { 'content-type': 'application/json' } : {}),
        },
        signal: AbortSignal.timeout(options.timeoutMs),
      })
    } catch (error) {
      throw error instanceof DOMException && error.name === 'TimeoutError'
        ? providerTimeout('btcpay')
        : providerUnavailable('btcpay')
    }
    const body: unknown = await response.json().catch(() => null)
    if (response.status >= 500 || response.status === 429) throw providerUnavailable('btcpay')
    if (!response.ok) {
      // Greenfield errors: `{code, message}`, or a list of `{path, message}` for bad fields.
      const first = Array.isArray(body) ? body[0] : body
      const message = z.object({ message: z.string() }).safeParse(first).data?.message
      throw providerRefused('btcpay', response.status, message ?? `HTTP ${response.status}`)
    }
    const parsed = invoice.safeParse(body)
    if (!parsed.success) throw providerUnavailable('btcpay')
    return parsed.data
  }

  const readInvoice = (id: string) => call(`${invoicesUrl}/${encodeURIComponent(id)}`)

  async function eventFields(
    type: string,
    invoiceId: string | undefined,
    orderId: string | null,
  ): Promise<Omit<WebhookEvent, 'eventId' | 'type'>> {
    const known = {
      paymentId: orderId,
      providerCheckoutId: invoiceId ?? null,
      providerPaymentId: invoiceId ?? null,
      amountMinor: null,
      currency: null,
      refundedMinor: null,
    }
    if (!invoiceId) return { kind: 'ignored', ...known }
    if (type === 'InvoiceSettled' || type === 'InvoicePaymentSettled') {
      // The delivery says which invoice, not how much: the invoice itself says whether it is paid
      // in full (one payment of several settling is not yet the whole amount).
      const state = await readInvoice(invoiceId)
      const read = stateOf(state)
      return {
        ...known,
        kind: read.isPaid ? 'settled' : 'ignored',
        paymentId: state.metadata?.orderId ?? orderId,
        amountMinor: read.amountMinor,
        currency: read.currency,
      }
    }
    if (type === 'InvoiceExpired') return { kind: 'expired', ...known }
    if (type === 'InvoiceInvalid') return { kind: 'failed', ...known }
    return { kind: 'ignored', ...known }
  }

  return {
    name: 'btcpay',

    async createCheckout(request) {
      const created = await call(invoicesUrl, {
        method: 'POST',
        body: JSON.stringify({
          amount: formatCents(request.amountMinor),
          currency: request.currency,
          metadata: {
            orderId: request.paymentId,
            itemDesc: [request.description, request.discountNote].filter(Boolean).join('. '),
            ...(request.customerEmail ? { buyerEmail: request.customerEmail } : {}),
          },
          checkout: {
            redirectURL: `${options.publicOrigin}${request.returnTo?.success ?? paymentReturnPaths.success}`,
            expirationMinutes: Math.max(
              1,
              Math.round((request.expiresAt.getTime() - options.now().getTime()) / 60_000),
            ),
          },
        }),
      })
      if (!created.checkoutLink) throw providerUnavailable('btcpay')
      return { providerCheckoutId: created.id, checkoutUrl: created.checkoutLink }
    },

    async readCheckout(providerCheckoutId) {
      return stateOf(await readInvoice(providerCheckoutId))
    },

    async closeCheckout(providerCheckoutId) {
      // Greenfield would mark a paid invoice still confirming (Processing) invalid too: only one
      // nobody has paid (New) is marked.
      const current = await readInvoice(providerCheckoutId)
      if (current.status !== 'New') return stateOf(current)
      try {
        const marked = await call(
          `${invoicesUrl}/${encodeURIComponent(providerCheckoutId)}/status`,
          { method: 'POST', body: JSON.stringify({ status: 'Invalid' }) },
        )
        return stateOf(marked)
      } catch (error) {
        // Refused (422): paid or expired in the meantime, so it is read as it is now.
        if (error instanceof ProviderRefusal) return stateOf(await readInvoice(providerCheckoutId))
        throw error
      }
    },

    // Greenfield refunds are pull payments the customer claims: the money goes back by hand.
    refund() {
      return Promise.reject(
        conflict(
          'BTCPay payments are refunded by hand: send the money back, then mark it refunded',
        ),
      )
    },

    async parseWebhook(rawBody, headers) {
      const header = headers['btcpay-sig']
      if (typeof header !== 'string' || header === '') {
        throw badSignature('BTCPay-Sig header is required')
      }
      if (!isSignedBy(settings.webhookSecret, rawBody, header)) {
        throw badSignature('BTCPay-Sig does not match this body')
      }
      let parsed
      try {
        parsed = delivery.safeParse(JSON.parse(rawBody.toString('utf8')))
      } catch {
        throw badRequest('The webhook body is not JSON')
      }
      if (!parsed.success) throw badRequest('The webhook body is not a BTCPay delivery')
      const event = parsed.data
      return {
        // A redelivery carries a new deliveryId and the first one's as originalDeliveryId.
        eventId: event.originalDeliveryId ?? event.deliveryId,
        type: event.type,
        ...(await eventFields(event.type, event.invoiceId, event.metadata?.orderId ?? null)),
      }
    },
  }
}
