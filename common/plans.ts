import { z } from 'zod'
import { moneyInput } from './money-input'
import { billingPeriods } from './plan-rules'

// The pure plan rules live in plan-rules.ts, which public pages import without zod.
export {
  billingMonths,
  billingPeriods,
  comparePlans,
  perMonthPrice,
  planBadge,
  planPriceLabel,
  profitMargin,
} from './plan-rules'
export type { BillingPeriod, PlanBadge } from './plan-rules'

export const plan = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string().nullable(),
  price: z.string(),
  /** What the plan costs us and what it earns: admins only, absent for everyone else. */
  costPerMonth: z.string().nullable().optional(),
  profitMargin: z.string().nullable().optional(),
  currency: z.string(),
  features: z.array(z.string()),
  /** Screens the plan's line plays on at once (the panel's max_connections). */
  maxConnections: z.number().int(),
  billingPeriod: z.enum(billingPeriods),
  active: z.boolean(),
  sortOrder: z.number().int(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
})
export type Plan = z.infer<typeof plan>

/** Whether the currency's minor unit is a hundredth, as our amounts assume. */
function hasCents(currency: string): boolean {
  return (
    new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions()
      .maximumFractionDigits === 2
  )
}

export const planInput = z.object({
  name: z.string({ error: 'Name is required' }).trim().min(1, 'Name is required').max(100),
  description: z.string().trim().max(1000).nullish(),
  price: moneyInput('Price'),
  costPerMonth: moneyInput('Cost per month').default('1.50'),
  currency: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{3}$/, 'Currency must be a three-letter code')
    .transform((c) => c.toUpperCase())
    // Amounts are kept in cents everywhere (and sent to Stripe as such): a currency without
    // two decimals (JPY, KWD…) would be charged a hundred times too much, or too little.
    .refine(hasCents, 'Currency must have cents (two decimals), like EUR, USD or GBP')
    .default('EUR'),
  features: z
    .array(z.string().max(200))
    .default([])
    .transform((list) => list.map((f) => f.trim()).filter(Boolean)),
  maxConnections: z.coerce
    .number({ error: 'Connections must be a number from 1 to 10' })
    .int('Connections must be a whole number from 1 to 10')
    .min(1, 'Connections must be a number from 1 to 10')
    .max(10, 'Connections must be a number from 1 to 10')
    .default(1),
  billingPeriod: z
    .enum(billingPeriods, {
      error: 'Billing period must be monthly, quarterly, semi-annual or annual',
    })
    .default('monthly'),
  active: z.boolean().default(true),
  sortOrder: z.coerce
    .number({ error: 'Sort order must be a number' })
    .int()
    .min(0)
    .max(10000)
    .default(0),
})
export type PlanInput = z.input<typeof planInput>
export type PlanValues = z.output<typeof planInput>

/** "1 screen", "3 screens": how many devices play at once, as customers read it. */
export const screensLabel = (connections: number) =>
  `${connections} screen${connections === 1 ? '' : 's'}`

const families = [
  {
    family: 'Starter',
    connections: 1,
    costPerMonth: '1.88',
    prices: ['9.99', '26.99', '47.99', '79.99'],
  },
  {
    family: 'Family',
    connections: 2,
    costPerMonth: '3.76',
    prices: ['14.99', '41.99', '74.99', '119.99'],
  },
  {
    family: 'Household',
    connections: 3,
    costPerMonth: '5.64',
    prices: ['18.99', '53.99', '95.99', '169.99'],
  },
] as const
const variants = [
  { suffix: '', period: 'monthly' },
  { suffix: ' Plus', period: 'quarterly' },
  { suffix: ' Pro', period: 'semi-annual' },
  { suffix: ' Annual', period: 'annual' },
] as const

/** The twelve quick templates of the specification, in USD, active, sort orders 1 to 12. */
export const planTemplates: PlanValues[] = families.flatMap(
  ({ family, connections, costPerMonth, prices }, f) =>
    variants.map(({ suffix, period }, v) => ({
      name: `${family}${suffix}`,
      description: `${connections} connection${connections > 1 ? 's' : ''}, billed ${period}`,
      price: prices[v]!,
      costPerMonth,
      currency: 'USD',
      features: [
        `${connections} simultaneous connection${connections > 1 ? 's' : ''}`,
        'HD and 4K streaming',
        'Live sports and events',
        '24-hour free trial',
      ],
      maxConnections: connections,
      billingPeriod: period,
      active: true,
      sortOrder: f * 4 + v + 1,
    })),
)
