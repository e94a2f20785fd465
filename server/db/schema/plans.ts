import { sql } from 'drizzle-orm'
import { boolean, check, integer, numeric, pgTable, text, uuid, varchar } from 'drizzle-orm/pg-core'
import { billingPeriods } from '../../../common/plans'
import { createdAt, isOneOf, updatedAt } from './columns'

export const plans = pgTable(
  'plans',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: varchar('name', { length: 100 }).notNull(),
    description: text('description'),
    price: numeric('price', { precision: 10, scale: 2 }).notNull(),
    costPerMonth: numeric('cost_per_month', { precision: 10, scale: 2 }),
    profitMargin: numeric('profit_margin', { precision: 5, scale: 2 }),
    currency: varchar('currency', { length: 3 }).notNull().default('EUR'),
    features: text('features')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    // Screens the plan's line plays on at once: the panel line is made and kept with it.
    maxConnections: integer('max_connections').notNull().default(1),
    billingPeriod: varchar('billing_period', { length: 20, enum: billingPeriods })
      .notNull()
      .default('monthly'),
    active: boolean('active').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('plans_billing_period_check', isOneOf(t.billingPeriod, billingPeriods)),
    check('plans_price_check', sql`${t.price} >= 0`),
    check('plans_cost_per_month_check', sql`${t.costPerMonth} >= 0`),
    check('plans_max_connections_check', sql`${t.maxConnections} between 1 and 10`),
  ],
)
