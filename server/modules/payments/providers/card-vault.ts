import type { CreatedCheckout, ProviderCard, ReturnPaths } from './payment-provider'

/** What charging a saved card off-session came to; an outage throws instead (502/504). */
export type OffSessionCharge =
  | { outcome: 'succeeded'; providerPaymentId: string }
  | { outcome: 'declined'; code: string; message: string; providerPaymentId: string | null }

export type OffSessionChargeRequest = {
  customerId: string
  paymentMethodId: string
  amountMinor: number
  currency: string
  description: string
  /** Our payment, and which try at it: the idempotency key is both, so a retry is new. */
  paymentId: string
  attempt: number
}

/**
 * Cards saved at Stripe for automatic renewal (decision 0059): a Customer per person, the card a
 * checkout or a setup page saved, and off-session charges of it. Only Stripe has one.
 */
export type CardVault = {
  /** The person's Customer; the same person gets the same one back on a retry. */
  createCustomer(person: { personId: string; email: string; name: string }): Promise<string>
  /** A hosted page where the customer saves a new card (Checkout in `setup` mode). */
  createCardSetup(request: {
    customerId: string
    personId: string
    /** The currency renewals will charge in. */
    currency: string
    returnTo: ReturnPaths
  }): Promise<CreatedCheckout>
  /** The card a paid checkout saved (its PaymentIntent's payment method); null without one. */
  cardOfPayment(providerPaymentId: string): Promise<ProviderCard | null>
  /**
   * The card a completed setup page saved, with the Customer it was saved to (whose it is);
   * null while it has none.
   */
  cardOfSetup(providerCheckoutId: string): Promise<(ProviderCard & { customerId: string }) | null>
  chargeSavedCard(request: OffSessionChargeRequest): Promise<OffSessionCharge>
}
