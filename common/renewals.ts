import { z } from 'zod'

/**
 * Automatic renewal: a card saved at Stripe once, charged off-session when a paid period ends,
 * retried while it declines, the line kept on for a grace period (decision 0059).
 */

/** Why a payment row exists: bought by the customer or an admin, or one period's renewal. */
export const paymentKinds = ['purchase', 'renewal'] as const
export type PaymentKind = (typeof paymentKinds)[number]

/**
 * Where a person's automatic renewal stands: `active` will charge at the end, `retrying` has a
 * declined renewal that is retried or waits for a new card while the line stays on, `past_due`
 * the same after the grace period (the line is off), `off` charges nothing.
 */
export const renewalStatuses = ['active', 'retrying', 'past_due', 'off'] as const
export type RenewalStatus = (typeof renewalStatuses)[number]

/** A renewal is charged when the paid period has less than this left. */
export const renewalChargeLeadHours = 24

/** Days after the first decline on which a soft decline is tried again. */
export const renewalRetryDays = [1, 3, 5, 7] as const

/** The subscription ends at the latest this many days after its end when still unpaid. */
export const renewalGiveUpDays = 8

/**
 * Stripe's decline codes after which the same card is never tried again: the customer must give
 * a new one. Any other code is retried on the schedule above.
 */
export const hardDeclineCodes = [
  'lost_card',
  'stolen_card',
  'expired_card',
  'incorrect_number',
  'pickup_card',
  'fraudulent',
  'card_not_supported',
] as const

/** The card asks its holder to confirm (3-D Secure): they pay this renewal on Stripe's page. */
export const authenticationRequiredCode = 'authentication_required'

export type DeclineHandling = 'retry' | 'new_card' | 'authenticate'

/** What a renewal does after a decline with `code` (Stripe's decline_code, else its error code). */
export function declineHandling(code: string): DeclineHandling {
  if (code === authenticationRequiredCode) return 'authenticate'
  return (hardDeclineCodes as readonly string[]).includes(code) ? 'new_card' : 'retry'
}

/** A saved card as Stripe describes it; the number never reaches us. */
export const savedCard = z.object({
  brand: z.string(),
  last4: z.string(),
  expMonth: z.number().int(),
  expYear: z.number().int(),
})
export type SavedCard = z.infer<typeof savedCard>

/** "Visa •••• 4242", as e-mails and screens name a card. */
export function cardLabel({ brand, last4 }: Pick<SavedCard, 'brand' | 'last4'>): string {
  const name =
    brand === 'amex' ? 'American Express' : brand.charAt(0).toUpperCase() + brand.slice(1)
  return `${name} •••• ${last4}`
}

/** One try at charging a renewal. */
export const renewalAttempt = z.object({
  number: z.number().int(),
  at: z.iso.datetime(),
  outcome: z.enum(['pending', 'succeeded', 'declined']),
  /** Stripe's decline code when it declined. */
  code: z.string().nullable(),
  message: z.string().nullable(),
})
export type RenewalAttempt = z.infer<typeof renewalAttempt>

/** `renewal` of GET /api/account and of a person for staff (GET /api/people/{id}). */
export const renewal = z.object({
  autoRenew: z.boolean(),
  status: z.enum(renewalStatuses),
  /** When the next renewal is charged (the first try), null when renewal is off. */
  nextChargeAt: z.iso.datetime().nullable(),
  /** What it charges, wire money ("29.99") of `currency`; null when renewal is off. */
  amount: z.string().nullable(),
  currency: z.string().nullable(),
  /** The plan the next period is charged for (the scheduled one when a change is due). */
  planId: z.uuid().nullable(),
  paymentMethod: savedCard.nullable(),
  /** When a declined renewal is tried again; null when nothing is scheduled. */
  nextAttemptAt: z.iso.datetime().nullable(),
  lastFailure: z.object({ code: z.string(), message: z.string(), at: z.iso.datetime() }).nullable(),
  /** A cheaper plan chosen for the next period, from the current period's end. */
  scheduledPlan: z
    .object({ planId: z.uuid(), name: z.string(), from: z.iso.datetime() })
    .nullable(),
})
export type Renewal = z.infer<typeof renewal>

/** For staff: the renewal, its current period's attempts, and whether Stripe removed the card. */
export const staffRenewal = renewal.extend({
  attempts: z.array(renewalAttempt),
  /** When Stripe said the saved card was removed (payment_method.detached); null otherwise. */
  cardRemovedAt: z.iso.datetime().nullable(),
})
export type StaffRenewal = z.infer<typeof staffRenewal>

/** Why a customer turns renewal off, asked once (optional). */
export const renewalOffReasons = [
  'too_expensive',
  'not_watching',
  'technical_problems',
  'switching_service',
  'other',
] as const
export type RenewalOffReason = (typeof renewalOffReasons)[number]

export const renewalOffReasonLabels: Record<RenewalOffReason, string> = {
  too_expensive: 'It is too expensive',
  not_watching: 'I do not watch enough',
  technical_problems: 'Streams or apps do not work well',
  switching_service: 'I am moving to another service',
  other: 'Another reason',
}

/** POST /api/account/renewal. */
export const renewalChoiceInput = z.object({
  autoRenew: z.boolean({ error: 'autoRenew must be true or false' }),
  reason: z
    .enum(renewalOffReasons, { error: `reason must be one of ${renewalOffReasons.join(', ')}` })
    .optional(),
})
export type RenewalChoiceInput = z.input<typeof renewalChoiceInput>

/** POST /api/trial-requests/{id}/renewal (staff). */
export const staffRenewalChoiceInput = renewalChoiceInput.pick({ autoRenew: true })

/** The customer's own turning off may first be answered with this offer, made once (0061). */
export const customerRenewalChoiceInput = renewalChoiceInput.extend({
  /** The customer saw the retention offer, or wants none: turn it off now. */
  confirm: z.boolean({ error: 'confirm must be true or false' }).optional(),
})
export type CustomerRenewalChoiceInput = z.input<typeof customerRenewalChoiceInput>

/** A discount code offered once to a customer about to stop renewing. */
export const retentionOffer = z.object({
  code: z.string(),
  /** What it takes off, "20% off" or "5.00 off". */
  description: z.string(),
})
export type RetentionOffer = z.infer<typeof retentionOffer>

/**
 * What turning renewal on or off came to: the renewal as it stands after it, and, when the
 * customer was offered the retention code instead, the offer (nothing was changed then).
 */
export const renewalChoiceAnswer = z.object({
  renewal,
  offer: retentionOffer.nullable(),
})
export type RenewalChoiceAnswer = z.infer<typeof renewalChoiceAnswer>

/** POST /api/account/payment-method: Stripe's page that saves a new card. */
export const paymentMethodAnswer = z.object({ checkoutUrl: z.string() })

/** `/account?card_session={id}`: Stripe's setup page sends the customer back with its id. */
export const cardSessionParam = 'card_session'

/** POST /api/account/payment-method/return: the customer is back from Stripe's setup page. */
export const cardSetupReturnInput = z.object({
  sessionId: z
    .string({ error: 'sessionId must be the id Stripe gave the page' })
    .regex(/^[\x21-\x7e]{1,255}$/, 'sessionId must be the id Stripe gave the page'),
})

/** POST /api/account/plan-change. */
export const planChangeInput = z.object({
  planId: z.uuid({ error: 'planId must be a valid UUID' }),
})
export type PlanChangeInput = z.input<typeof planChangeInput>

export const planChangeAnswer = z.object({
  effective: z.enum(['now', 'period_end']),
  /** Charged to the saved card now, in minor units (0 for a change at the period's end). */
  chargedMinor: z.number().int(),
  /** The unused share of the current period taken off the new plan's price, in minor units. */
  creditMinor: z.number().int(),
  newEnd: z.iso.datetime(),
})
export type PlanChangeAnswer = z.infer<typeof planChangeAnswer>

/** POST /api/trial-requests/{id}/renewal/retry (staff): how the try at once came out. */
export const renewalRetryAnswer = z.object({
  outcome: z.enum(['succeeded', 'declined']),
  /** Stripe's decline code when it declined; null when it was charged. */
  code: z.string().nullable(),
})
export type RenewalRetryAnswer = z.infer<typeof renewalRetryAnswer>
/** 409 of a plan change without a saved card (with the plan's pay link), or 402 of a decline. */
export const planChangeRefusal = z.object({
  message: z.string(),
  checkoutUrl: z.string().nullable(),
})
