import { z } from 'zod'
import { formatCents, toCents } from './money'

export const redemptionStatuses = ['reserved', 'redeemed', 'released'] as const
export type RedemptionStatus = (typeof redemptionStatuses)[number]

export const discount = z.object({
  id: z.uuid(),
  name: z.string(),
  code: z.string().nullable(),
  percentage: z.string().nullable(),
  amount: z.string().nullable(),
  validFrom: z.iso.datetime(),
  validTo: z.iso.datetime().nullable(),
  applicablePlans: z.array(z.string()),
  active: z.boolean(),
  /** Uses allowed in total; null: no limit. */
  maxRedemptions: z.number().int().nullable(),
  oncePerPerson: z.boolean(),
  /** Uses counted toward the limit: paid ones and those of checkouts still open. */
  usedCount: z.number().int(),
  /** Of those, the ones whose checkout is still open (neither paid nor expired). */
  reservedCount: z.number().int(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
})
export type Discount = z.infer<typeof discount>

/** An optional amount: empty or null means none; otherwise two decimals, above 0. */
const optionalAmount = (label: string, max?: number) =>
  z
    .union([z.string(), z.number(), z.null()])
    .optional()
    .transform((value, ctx) => {
      if (value === null || value === undefined || value === '') return null
      const cents = toCents(value)
      if (cents === null || cents <= 0) {
        ctx.addIssue({ code: 'custom', message: `${label} must be a positive amount like 9.99` })
        return z.NEVER
      }
      if (max !== undefined && cents > max * 100) {
        ctx.addIssue({ code: 'custom', message: `${label} must be at most ${max}` })
        return z.NEVER
      }
      return formatCents(cents)
    })

const maxRedemptionsLimit = 1_000_000
const maxRedemptionsMessage = `Max redemptions must be a whole number from 1 to ${maxRedemptionsLimit}`

/** A limit on uses: empty or null means none; otherwise a whole number (digits or a number). */
const optionalLimit = z
  .union([z.string(), z.number(), z.null()], { error: maxRedemptionsMessage })
  .optional()
  .transform((value, ctx) => {
    if (value === null || value === undefined || value === '') return null
    const count =
      typeof value === 'number' ? value : /^\s*\d+\s*$/.test(value) ? Number(value) : NaN
    if (!Number.isInteger(count) || count < 1 || count > maxRedemptionsLimit) {
      ctx.addIssue({ code: 'custom', message: maxRedemptionsMessage })
      return z.NEVER
    }
    return count
  })

/** A calendar date (YYYY-MM-DD) or a full timestamp. */
const date = (label: string) =>
  z.union([z.iso.date(), z.iso.datetime({ offset: true })], { error: `${label} must be a date` })

export const discountInput = z
  .object({
    name: z.string({ error: 'Name is required' }).trim().min(1, 'Name is required').max(100),
    code: z
      .string()
      .trim()
      .max(50, 'Code must be at most 50 characters')
      .regex(/^[A-Za-z0-9_-]*$/, 'Code may only contain letters, digits, - and _')
      .nullish()
      .transform((code) => (code ? code.toUpperCase() : null)),
    percentage: optionalAmount('Percentage', 100),
    amount: optionalAmount('Amount'),
    validFrom: date('Valid from'),
    validTo: date('Valid to')
      .nullish()
      .or(z.literal(''))
      .transform((value) => value || null),
    applicablePlans: z.array(z.string().trim().min(1).max(100)).max(100).default([]),
    active: z.boolean().default(true),
    maxRedemptions: optionalLimit,
    oncePerPerson: z.boolean({ error: 'Once per person must be true or false' }).default(false),
  })
  .refine((d) => d.validTo === null || Date.parse(d.validTo) >= Date.parse(d.validFrom), {
    message: 'Valid to must not be before valid from',
    path: ['validTo'],
  })
export type DiscountInput = z.input<typeof discountInput>
export type DiscountValues = z.output<typeof discountInput>

/**
 * What a discount takes off a price, in minor units: the percentage first, rounded to the cent
 * half up (15% of 29.97 is 4.4955, so 4.50), then the fixed amount; never more than the price.
 * A fixed amount is in the plan's currency (a discount has none of its own).
 */
export function discountMinor(
  { percentage, amount }: Pick<Discount, 'percentage' | 'amount'>,
  listAmountMinor: number,
): number {
  // numeric(5,2) as basis points ("15.00" → 1500): integer arithmetic, exact to the cent.
  const basisPoints = percentage === null ? 0 : (toCents(percentage) ?? 0)
  const byPercentage = Math.floor((listAmountMinor * basisPoints + 5_000) / 10_000)
  const fixed = amount === null ? 0 : (toCents(amount) ?? 0)
  return Math.min(listAmountMinor, byPercentage + fixed)
}

/** Why a code was refused at checkout (or for a quote); the answer names `discountCode`. */
export const codeRefusals = {
  not_valid: 'this code is not valid',
  not_valid_yet: 'this code is not valid yet',
  expired: 'this code has expired',
  other_plan: 'this code is not for this plan',
  already_used: 'you have already used this code',
  used_up: 'this code has been used up',
  nothing_to_pay: 'with this code there is nothing to pay',
} as const
export type CodeRefusal = keyof typeof codeRefusals

/** The API's words for a refusal: "discountCode: this code has expired". */
export const codeRefusalMessage = (refusal: CodeRefusal) => `discountCode: ${codeRefusals[refusal]}`

const refusalSentences: Record<CodeRefusal, (planName: string) => string> = {
  not_valid: () => 'This code is not valid. Check how it is spelled.',
  not_valid_yet: () => 'This code cannot be used yet.',
  expired: () => 'This code has expired.',
  other_plan: (planName) => `This code is not for the ${planName} plan.`,
  already_used: () => 'You have already used this code.',
  used_up: () => 'This code has been used up.',
  nothing_to_pay: () => 'With this code there is nothing to pay: ask us to renew it for you.',
}

/**
 * The refusal as a sentence for the customer choosing `planName`, from the API's message; null
 * when the message is no code's refusal.
 */
export function codeRefusalSentence(message: string, planName: string): string | null {
  const refusal = (Object.keys(codeRefusals) as CodeRefusal[]).find(
    (key) => codeRefusalMessage(key) === message,
  )
  return refusal ? refusalSentences[refusal](planName) : null
}
