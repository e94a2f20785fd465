import { z } from 'zod'
import { formatCents, toCents } from './money'

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
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
})
export type Discount = z.infer<typeof discount>

/** An optional amount: empty or null means none (spec §5); otherwise two decimals, above 0. */
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
  })
  .refine((d) => d.validTo === null || Date.parse(d.validTo) >= Date.parse(d.validFrom), {
    message: 'Valid to must not be before valid from',
    path: ['validTo'],
  })
export type DiscountInput = z.input<typeof discountInput>
export type DiscountValues = z.output<typeof discountInput>
