import { z } from 'zod'
import { pageQuery } from './api'
import { formatCents, toCents } from './money'

export const subscriptionStatuses = ['trial', 'active', 'expired', 'cancelled'] as const
export type SubscriptionStatus = (typeof subscriptionStatuses)[number]

/** The trial form's choice for a visitor who will pick a plan later (the plans page offers it). */
export const undecidedPlan = 'Not sure yet'

const optionalContact = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .nullish()
    .transform((value) => value || null)

/** The public trial form, validated the same way in the browser and on the server. */
export const trialRequestInput = z.object({
  firstName: z
    .string({ error: 'First name must be at least 2 characters' })
    .trim()
    .min(2, 'First name must be at least 2 characters')
    .max(100, 'First name must be at most 100 characters'),
  lastName: z
    .string({ error: 'Last name must be at least 2 characters' })
    .trim()
    .min(2, 'Last name must be at least 2 characters')
    .max(100, 'Last name must be at most 100 characters'),
  email: z
    .email({ error: 'Please enter a valid email address' })
    .trim()
    .max(254, 'Please enter a valid email address'),
  plan: z
    .string({ error: 'Please select a plan' })
    .trim()
    .min(1, 'Please select a plan')
    .max(100, 'Please select a plan'),
  telegram: optionalContact('Telegram', 100),
  whatsapp: optionalContact('WhatsApp', 50),
  /** Generated once per submission in the browser, so a retried submit is stored once. */
  clientRequestId: z.uuid({ error: 'clientRequestId must be a UUID' }).optional(),
})
export type TrialRequestInput = z.input<typeof trialRequestInput>

/**
 * The answer to the public form: the new request (201, or 200 for a retry of the same
 * submission), or that this person already has an open request (200). The latter names none of
 * the earlier request's ids: whoever types someone's e-mail must learn nothing about them.
 */
export const trialRequestReceipt = z.discriminatedUnion('outcome', [
  z.object({
    outcome: z.literal('received'),
    id: z.uuid(),
    subscriptionId: z.string(),
    status: z.string(),
    createdAt: z.iso.datetime(),
    /** "Get messages on Telegram" (a t.me deep link), when Telegram is on. */
    telegramLink: z.url().nullable(),
    /** The trial autopilot is making the line: the login is on its way by e-mail. */
    isLoginOnItsWay: z.boolean(),
    /** How long the trial runs, in hours: from when the login arrives, so no end is said yet. */
    trialHours: z.number().int(),
  }),
  z.object({ outcome: z.literal('already_requested') }),
])
export type TrialRequestReceipt = z.infer<typeof trialRequestReceipt>

/** The line outcomes the list can be filtered by (common/request-outcome.ts; a card opens each). */
export const requestOutcomeFilters = ['auto_sent', 'waiting', 'failed', 'needs_line'] as const
export type RequestOutcomeFilter = (typeof requestOutcomeFilters)[number]

/** Follow-up stages of a request; an admin moves it along. */
export const trialRequestStages = ['Pending', 'Contacted', 'Processed', 'Rejected'] as const

/** How far an admin may trust a request: 100 = nothing suspicious (common/trial-trust.ts). */
export const trialTrust = z.object({
  score: z.number().int().min(0).max(100),
  reasons: z.array(z.string()),
  /** Below the Business Settings' threshold when the request came in. */
  isFlagged: z.boolean(),
})
export type TrialTrust = z.infer<typeof trialTrust>

export const trialRequest = z.object({
  id: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
  name: z.string(),
  email: z.string(),
  plan: z.string(),
  telegram: z.string().nullable(),
  whatsapp: z.string().nullable(),
  status: z.string(),
  location: z.string(),
  device: z.string(),
  customPlanDetails: z.string().nullable(),
  subscriptionId: z.string(),
  subscriptionStatus: z.enum(subscriptionStatuses),
  paidPlan: z.string().nullable(),
  /** The price paid ("29.99"): admins only, absent for support agents. */
  subscriptionPrice: z.string().nullable().optional(),
  subscriptionStartDate: z.iso.datetime().nullable(),
  subscriptionEndDate: z.iso.datetime().nullable(),
  adminNotes: z.string().nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
  /** Null for requests stored before trust was assessed. */
  trust: trialTrust.nullable(),
  /** How often the same person asked again while this request was open. */
  askedAgainCount: z.number().int(),
  lastAskedAt: z.iso.datetime().nullable(),
})
export type TrialRequest = z.infer<typeof trialRequest>

export const trialRequestListQuery = pageQuery.extend({
  q: z.string().trim().max(100, 'Search must be at most 100 characters').optional(),
  status: z
    .enum(['all', ...subscriptionStatuses], {
      error: 'status must be all, trial, active, expired or cancelled',
    })
    .default('all'),
  /** The follow-up stage (Pending … Rejected); absent: every stage. */
  stage: z
    .enum(trialRequestStages, {
      error: 'stage must be Pending, Contacted, Processed or Rejected',
    })
    .optional(),
  /** Trials and subscriptions that end within this many days from now ("Ends soon"). */
  endsWithinDays: z.coerce
    .number({ error: 'endsWithinDays must be a whole number from 1 to 365' })
    .int('endsWithinDays must be a whole number from 1 to 365')
    .min(1, 'endsWithinDays must be a whole number from 1 to 365')
    .max(365, 'endsWithinDays must be a whole number from 1 to 365')
    .optional(),
  /** What happened to the request's line (see common/request-outcome.ts). */
  outcome: z
    .enum(requestOutcomeFilters, {
      error: 'outcome must be auto_sent, waiting, failed or needs_line',
    })
    .optional(),
})
export type TrialRequestListQuery = z.input<typeof trialRequestListQuery>

export const updateTrialRequestInput = z
  .object({
    /** One of the plans (checked on the server against the plans that exist). */
    plan: z
      .string({ error: 'Plan must be one of the plans' })
      .trim()
      .min(1, 'Plan must be one of the plans')
      .max(100, 'Plan must be one of the plans')
      .optional(),
    adminNotes: z
      .string()
      .max(5000, 'Notes must be at most 5000 characters')
      .nullable()
      .optional()
      .transform((notes) => (notes === undefined ? undefined : notes?.trim() || null)),
  })
  .refine((input) => input.plan !== undefined || input.adminNotes !== undefined, {
    message: 'Nothing to update: send plan or adminNotes',
  })

export const trialRequestStatusInput = z.object({
  status: z.enum(trialRequestStages, {
    error: 'Status must be Pending, Contacted, Processed or Rejected',
  }),
})

/** The conversion prompts, as one form. */
export const convertToSubscriptionInput = z.object({
  paidPlan: z
    .string({ error: 'Paid plan is required' })
    .trim()
    .min(1, 'Paid plan is required')
    .max(100),
  subscriptionMonths: z.coerce
    .number({ error: 'Invalid subscription duration. Please enter 1-12 months.' })
    .int('Invalid subscription duration. Please enter 1-12 months.')
    .min(1, 'Invalid subscription duration. Please enter 1-12 months.')
    .max(12, 'Invalid subscription duration. Please enter 1-12 months.'),
  subscriptionPrice: z
    .union([z.string(), z.number()], { error: 'Invalid price. Please enter a valid amount.' })
    .transform((value, ctx) => {
      const cents = toCents(value)
      if (cents === null || cents <= 0) {
        ctx.addIssue({ code: 'custom', message: 'Invalid price. Please enter a valid amount.' })
        return z.NEVER
      }
      return formatCents(cents)
    }),
  /** Also buy the person's line on the supplier panel when they have none (one they have follows anyway). */
  createLine: z.boolean({ error: 'createLine must be true or false' }).optional(),
})
export type ConvertToSubscriptionInput = z.input<typeof convertToSubscriptionInput>

export const trialRequestStats = z.object({
  total: z.number(),
  active: z.number(),
  trial: z.number(),
  expired: z.number(),
  cancelled: z.number(),
  /** Active ÷ total in percent, one decimal ("33.3"). */
  conversionRate: z.string(),
})
export type TrialRequestStats = z.infer<typeof trialRequestStats>

export function conversionRate(active: number, total: number): string {
  return total > 0 ? ((active / total) * 100).toFixed(1) : '0.0'
}
