import type { CheckoutProvider } from '../../../../common/payments'

/** What we ask a provider to charge: our payment, in minor units of our plan's currency. */
export type CheckoutRequest = {
  paymentId: string
  amountMinor: number
  currency: string
  /** The line the customer sees on the provider's page. */
  description: string
  /** What the line says of a discount ("Discount code SPRING: 5.00 EUR off 29.99 EUR"), if any. */
  discountNote?: string | null
  customerEmail: string | null
  /**
   * What makes a retry the same checkout at the provider; our payment id by default. A renewal's
   * payment page made again after the first expired gets a key of its own.
   */
  idempotencyKey?: string
  /** Stripe only: save the card paid with on this Customer, for renewals off-session. */
  saveCardFor?: { customerId: string } | null
  expiresAt: Date
  /** Where the customer comes back to; by default the plain payment pages. */
  returnTo?: ReturnPaths
}

/**
 * Paths on our site the provider sends the customer back to. `success` may hold
 * `{CHECKOUT_SESSION_ID}`, which Stripe fills in.
 */
export type ReturnPaths = { success: string; cancelled: string }

export type CreatedCheckout = { providerCheckoutId: string; checkoutUrl: string }

/** A checkout as the provider sees it now, in our words. */
export type CheckoutState = {
  isPaid: boolean
  /** How the provider ended a checkout it will never take the money for; null while it may. */
  closedAs: 'expired' | 'failed' | null
  amountMinor: number
  currency: string
  providerPaymentId: string | null
}

/**
 * `declined`: an off-session renewal charge failed; `card_saved`: a setup checkout saved a card;
 * `card_updated`: the card networks changed a saved card; `card_detached`: it was removed.
 */
export type WebhookEventKind =
  | 'settled'
  | 'failed'
  | 'expired'
  | 'refunded'
  | 'declined'
  | 'card_saved'
  | 'card_updated'
  | 'card_detached'
  | 'ignored'

/** A verified webhook delivery, in our words. */
export type WebhookEvent = {
  /** The provider's id of the event, the same on every redelivery. */
  eventId: string
  type: string
  kind: WebhookEventKind
  /** Our payment id when the event carries it (metadata, client reference, order id). */
  paymentId: string | null
  providerCheckoutId: string | null
  providerPaymentId: string | null
  amountMinor: number | null
  currency: string | null
  refundedMinor: number | null
  /** Of an off-session charge (`settled`, `declined`): its attempt, and why it was declined. */
  attempt?: number
  decline?: { code: string; message: string }
  /** Of a card event: the card, and (setup checkout) the person it was saved for. */
  card?: ProviderCard
  personId?: string | null
}

/** A card saved at the provider, as it describes it: never its number. */
export type ProviderCard = {
  paymentMethodId: string
  brand: string
  last4: string
  expMonth: number
  expYear: number
}

export type RefundRequest = {
  providerPaymentId: string
  amountMinor: number
  /** The same key for a retry of the same refund, so the money goes back once. */
  idempotencyKey: string
}

/** One checkout provider behind the port every caller uses; its settings stay inside. */
export type PaymentProvider = {
  name: CheckoutProvider
  createCheckout(request: CheckoutRequest): Promise<CreatedCheckout>
  readCheckout(providerCheckoutId: string): Promise<CheckoutState>
  /**
   * Ends a checkout so that nobody can pay it any more (it expired on our side, or another took
   * its place), and answers its state then: paid, when the money came first.
   */
  closeCheckout(providerCheckoutId: string): Promise<CheckoutState>
  refund(request: RefundRequest): Promise<{ providerRefundId: string }>
  /** Verifies the signature on the raw body; throws a 400 HttpError when it does not hold. */
  parseWebhook(
    rawBody: Buffer,
    headers: Record<string, string | string[] | undefined>,
  ): Promise<WebhookEvent>
}
