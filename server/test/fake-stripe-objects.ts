import { randomId } from './fake-provider-http'

export type Params = Record<string, unknown>
export type FakeSession = {
  id: string
  object: 'checkout.session'
  mode: string
  url: string
  status: 'open' | 'complete' | 'expired'
  payment_status: 'paid' | 'unpaid' | 'no_payment_required'
  /** Null in `setup` mode, which charges nothing. */
  amount_total: number | null
  currency: string | null
  customer: string | null
  /** In `setup` mode, once completed: the SetupIntent holding the saved card. */
  setup_intent: string | null
  client_reference_id: string | null
  customer_email: string | null
  metadata: Record<string, string>
  payment_intent: string | null
  success_url: string
  cancel_url: string | null
  expires_at: number
  /** Not Stripe's: what the session was made with, for tests to read. */
  params: Params
}
export type StripeEvent = {
  id: string
  object: 'event'
  type: string
  created: number
  data: { object: unknown }
}
/** An idempotent request's first answer, kept with what it was asked. */
export type Stored = { path: string; params: string; status: number; body: unknown }
export type Answer = [status: number, body: unknown]

export const stripeError = (
  status: number,
  type: string,
  message: string,
  param?: string,
  code?: string,
): Answer => [
  status,
  { error: { type, message, ...(code ? { code } : {}), ...(param ? { param } : {}) } },
]
export const missing = (param: string) =>
  stripeError(
    400,
    'invalid_request_error',
    `Missing required param: ${param}.`,
    param,
    'parameter_missing',
  )
export const now = () => Math.floor(Date.now() / 1000)
/**
 * A Checkout Session from `POST /v1/checkout/sessions` parameters, or Stripe's refusal: `payment`
 * mode charges its line items; `setup` mode only saves a card, for the `customer` given.
 */
export function buildSession(params: Params, base: string): FakeSession | Answer {
  for (const name of ['mode', 'success_url']) if (!params[name]) return missing(name)
  if (params.mode !== 'payment' && params.mode !== 'setup') {
    return stripeError(400, 'invalid_request_error', `Invalid mode: ${String(params.mode)}`, 'mode')
  }
  const expiresAt = Number(params.expires_at ?? now() + 86_400)
  if (expiresAt < now() + 1800 - 60 || expiresAt > now() + 86_400) {
    return stripeError(
      400,
      'invalid_request_error',
      'expires_at must be 30 minutes to 24 hours ahead.',
      'expires_at',
    )
  }
  const id = randomId('cs_test_')
  const common = {
    id,
    object: 'checkout.session' as const,
    mode: String(params.mode),
    url: `${base}/pay/${id}`,
    status: 'open' as const,
    client_reference_id: (params.client_reference_id as string) ?? null,
    customer_email: (params.customer_email as string) ?? null,
    customer: (params.customer as string) ?? null,
    metadata: (params.metadata as Record<string, string>) ?? {},
    payment_intent: null,
    setup_intent: null,
    success_url: String(params.success_url),
    cancel_url: (params.cancel_url as string) ?? null,
    expires_at: expiresAt,
    params,
  }
  if (params.mode === 'setup') {
    if (params.line_items) {
      return stripeError(
        400,
        'invalid_request_error',
        'You can not pass `line_items` in `setup` mode.',
        'line_items',
      )
    }
    const currency = (params.currency as string) ?? null
    // Stripe's reference: required in setup mode when payment_method_types is not set.
    if (!currency && !params.payment_method_types) return missing('currency')
    return { ...common, payment_status: 'no_payment_required', amount_total: null, currency }
  }
  if (!params.line_items) return missing('line_items')
  const item = (params.line_items as Params)['0'] as Params | undefined
  const price = item?.price_data as Params | undefined
  if (!price) return missing('line_items[0][price_data]')
  for (const name of ['currency', 'unit_amount'])
    if (!price[name]) return missing(`line_items[0][price_data][${name}]`)
  const product = price.product_data as Params | undefined
  if (!product?.name) return missing('line_items[0][price_data][product_data][name]')
  // Stripe reads an empty value as an attempt to unset it, which a new product's cannot be.
  if (product.description === '') {
    const name = 'line_items[0][price_data][product_data][description]'
    return stripeError(
      400,
      'invalid_request_error',
      `You passed an empty string for '${name}'. We assume empty values are an attempt to unset a parameter; however '${name}' cannot be unset. You should remove '${name}' from your request or supply a non-empty value.`,
      name,
    )
  }
  return {
    ...common,
    payment_status: 'unpaid',
    amount_total: Number(price.unit_amount) * Number(item?.quantity ?? 1),
    currency: String(price.currency),
  }
}

/** What the hosted page shows of the session's line: its product's name and description. */
export function lineTexts(session: FakeSession): string[] {
  // A setup page charges nothing: Stripe's says the card is saved for later payments.
  if (session.mode === 'setup') return ['Save your card for future payments']
  const item = (session.params.line_items as Params)['0'] as Params
  const product = (item.price_data as Params).product_data as Params
  return [product.name, product.description].filter((text) => typeof text === 'string')
}
