import { z } from 'zod'
import { checkoutInput, checkoutProviders, paymentStatuses } from './payments'
import { renewal } from './renewals'
import { appRoutes } from './routes'
import { subscriptionStatuses } from './trial-requests'

/** Where a customer's own pages live; the sign-in page reads `?token=` and posts it. */
export const accountPaths = { account: appRoutes.account, signIn: appRoutes.accountSignIn } as const

/** The query parameter of a sign-in link that opens the renew panel once signed in. */
export const renewParam = 'renew'
/** The query parameter naming the plan the renew panel opens on (a plan card's "Choose this plan"). */
export const renewPlanParam = 'plan'
/** `/account?renew=1&plan={id}`: the account page's renew panel, on this plan. */
export const accountRenewPath = (planId: string) =>
  `${accountPaths.account}?${renewParam}=1&${renewPlanParam}=${encodeURIComponent(planId)}`

/**
 * The query parameter of a reminder's one-tap button (with `renew` and `plan`): once signed in,
 * the account page starts that plan's checkout itself and sends the customer to the provider.
 */
export const payNowParam = 'pay'

/** The query parameter Stripe or BTCPay bring the customer back with: the payment to watch. */
export const returnedPaymentParam = 'payment'

/** A sign-in link as e-mailed: `/account/sign-in?token=…`, with `&renew=1` for "Renew now". */
export const signInLinkPath = (token: string, { isRenew = false } = {}) =>
  `${accountPaths.signIn}?token=${encodeURIComponent(token)}${isRenew ? `&${renewParam}=1` : ''}`

/** Why a sign-in link did not sign anyone in: the page offers to e-mail a new one. */
export const signInLinkProblems = ['expired', 'used', 'unknown'] as const
export type SignInLinkProblem = (typeof signInLinkProblems)[number]

/** POST /api/account/sign-in-link. */
export const signInLinkInput = z.object({
  email: z
    .email({ error: 'email must be a valid e-mail address' })
    .trim()
    .max(254, 'email must be a valid e-mail address'),
})
export type SignInLinkInput = z.input<typeof signInLinkInput>

/** The one answer to a sign-in link request, whether or not we know the address. */
export const signInLinkAnswer = z.object({ message: z.string() })
export const signInLinkSentMessage =
  'If we know this address, a sign-in link is on its way. It works once, for 30 minutes.'

const signInToken = z
  .string({ error: 'token is required' })
  .regex(/^[A-Za-z0-9_-]{43}$/, 'token is not a sign-in link token')

/**
 * POST /api/account/sign-in/preview: what a link would do, without using it up. The page shows
 * it and waits for a click, so neither a mail scanner that runs the page nor a link opened in a
 * browser where someone else is signed in changes anything by itself.
 */
export const signInPreviewInput = z.object({ token: signInToken })
export const signInPreview = z.object({
  /** The address the link signs in. */
  email: z.string(),
  /** Another customer signed in on this browser, by address; null when there is none. */
  signedInAs: z.string().nullable(),
  /** This browser is signed in as the link's person already: signing in changes nothing. */
  isSignedInAlready: z.boolean(),
})
export type SignInPreview = z.infer<typeof signInPreview>

/** POST /api/account/sign-in: the page posts the link's token (a GET would let mail scanners use it). */
export const signInInput = z.object({
  token: signInToken,
  /** Signs out the other customer signed in on this browser; without it their session stays (409). */
  switchAccount: z.boolean({ error: 'switchAccount must be true or false' }).optional(),
})
export const signInAnswer = z.object({ firstName: z.string() })
export const signInProblemAnswer = z.object({
  message: z.string(),
  problem: z.enum(signInLinkProblems),
})
/** 409: someone else is signed in on this browser; the page asks before switching. */
export const signInSwitchAnswer = z.object({ message: z.string(), signedInAs: z.string() })

/** The question the page and the 409 ask before one customer's link signs out another. */
export const switchAccountQuestion = (signedInAs: string, linkEmail: string) =>
  `You are signed in as ${signedInAs}. Continue as ${linkEmail}?`

const accountPayment = z.object({
  id: z.uuid(),
  paidAt: z.iso.datetime().nullable(),
  amount: z.string(),
  currency: z.string(),
  months: z.number().int(),
  status: z.enum(paymentStatuses),
  receiptNumber: z.number().int().nullable(),
  /** What went back to the customer so far ("0.00" for none), and when the last of it did. */
  refundedAmount: z.string(),
  refundedAt: z.iso.datetime().nullable(),
  /** Paid, and the card it saves for renewals is still being read from Stripe (moments). */
  isSavingCard: z.boolean(),
})
export type AccountPayment = z.infer<typeof accountPayment>

/** GET /api/account: what the signed-in customer sees of themselves, and what they may buy. */
export const customerAccount = z.object({
  person: z.object({ firstName: z.string(), lastName: z.string(), email: z.string() }),
  subscription: z.object({
    status: z.enum(subscriptionStatuses),
    planName: z.string(),
    isTrial: z.boolean(),
    endsAt: z.iso.datetime().nullable(),
    /**
     * The plan the renew panel starts on: the one paid for last (its term), or a trial's plan
     * asked for; null when no active plan has that name.
     */
    renewPlanId: z.uuid().nullable(),
  }),
  line: z
    .object({
      /** The panel's address, for apps with an "Xtream Codes" login (TiviMate, IPTV Smarters). */
      serverUrl: z.string(),
      username: z.string(),
      password: z.string(),
      m3uUrl: z.string(),
      expiresAt: z.iso.datetime().nullable(),
      maxConnections: z.number().int().nullable(),
      status: z.string(),
    })
    .nullable(),
  /** Automatic renewal: on or off, the card it charges, the next charge, a failing card. */
  renewal,
  payments: z.array(accountPayment),
  plans: z.array(
    z.object({
      id: z.uuid(),
      name: z.string(),
      months: z.number().int(),
      price: z.string(),
      currency: z.string(),
    }),
  ),
  providers: z.array(z.object({ id: z.enum(checkoutProviders), name: z.string() })),
})
export type CustomerAccount = z.infer<typeof customerAccount>

/** POST /api/account/checkout: the months are the plan's own; the price is ours, never sent. */
export const accountCheckoutInput = checkoutInput.pick({
  planId: true,
  discountCode: true,
  provider: true,
  autoRenew: true,
})
export type AccountCheckoutInput = z.input<typeof accountCheckoutInput>
export const accountCheckoutAnswer = z.object({ paymentId: z.uuid(), checkoutUrl: z.string() })
export type AccountCheckoutAnswer = z.infer<typeof accountCheckoutAnswer>

/** POST /api/account/quote: what a checkout would charge, and the end it would bring, before it. */
export const accountQuoteInput = accountCheckoutInput.pick({ planId: true, discountCode: true })
export type AccountQuoteInput = z.input<typeof accountQuoteInput>
export const accountQuote = z.object({
  /** What would be charged, in minor units of `currency`: `listAmount` less `discount`. */
  amount: z.number().int(),
  listAmount: z.number().int(),
  discount: z.number().int(),
  currency: z.string(),
  /** The subscription's end once paid, by the settle step's own rule (renewalEnd). */
  newEnd: z.iso.datetime(),
})
export type AccountQuote = z.infer<typeof accountQuote>

/** The query parameter Stripe or BTCPay bring a customer back with after they cancelled. */
export const cancelledCheckoutParam = 'cancelled'

/** A printable receipt of one of the customer's own payments. */
export const accountReceipt = z.object({
  brandName: z.string(),
  receiptNumber: z.number().int(),
  paidAt: z.iso.datetime(),
  customerName: z.string(),
  customerEmail: z.string(),
  subscriptionId: z.string(),
  planName: z.string(),
  months: z.number().int(),
  listAmount: z.string(),
  discountAmount: z.string(),
  discountCode: z.string().nullable(),
  amount: z.string(),
  refundedAmount: z.string(),
  refundedAt: z.iso.datetime().nullable(),
  currency: z.string(),
  provider: z.string(),
  periodStart: z.iso.datetime().nullable(),
  periodEnd: z.iso.datetime().nullable(),
  status: z.enum(paymentStatuses),
})
export type AccountReceipt = z.infer<typeof accountReceipt>

/** GET /api/account/device-guides: every setup guide, the customer's own device's first. */
export const deviceGuideList = z.object({
  suggested: z.string(),
  guides: z.array(z.object({ deviceName: z.string(), steps: z.array(z.string()) })),
})
export type DeviceGuideList = z.infer<typeof deviceGuideList>

/** What a customer did on their own page, as the person's page lists it. */
export const customerActions = [
  'signed_in',
  'signed_out',
  'checkout_started',
  'receipt_viewed',
] as const
export type CustomerAction = (typeof customerActions)[number]
export const customerActionLabels: Record<CustomerAction, string> = {
  signed_in: 'Signed in',
  signed_out: 'Signed out',
  checkout_started: 'Started a renewal payment',
  receipt_viewed: 'Opened a receipt',
}

/** GET /api/trial-requests/{id}/account-activity (admins). */
export const accountActivity = z.object({
  lastSignInAt: z.iso.datetime().nullable(),
  activeSessions: z.number().int(),
  entries: z.array(
    z.object({
      id: z.uuid(),
      action: z.enum(customerActions),
      detail: z.string().nullable(),
      at: z.iso.datetime(),
    }),
  ),
})
export type AccountActivity = z.infer<typeof accountActivity>
