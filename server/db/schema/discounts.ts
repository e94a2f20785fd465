import { sql } from 'drizzle-orm'
import { boolean, check, integer, numeric, pgTable, text, uuid, varchar } from 'drizzle-orm/pg-core'
import { createdAt, timestamptz, updatedAt } from './columns'

export const discounts = pgTable(
  'discounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: varchar('name', { length: 100 }).notNull(),
    // Nullable and unique: two discounts without a code never clash.
    code: varchar('code', { length: 50 }).unique(),
    percentage: numeric('percentage', { precision: 5, scale: 2 }),
    amount: numeric('amount', { precision: 10, scale: 2 }),
    validFrom: timestamptz('valid_from').notNull().defaultNow(),
    validTo: timestamptz('valid_to'),
    applicablePlans: text('applicable_plans')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    active: boolean('active').notNull().default(true),
    /** Redemptions allowed in total, reserved ones included; null: no limit. */
    maxRedemptions: integer('max_redemptions'),
    oncePerPerson: boolean('once_per_person').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('discounts_percentage_check', sql`${t.percentage} > 0 and ${t.percentage} <= 100`),
    check('discounts_amount_check', sql`${t.amount} > 0`),
    check('discounts_max_redemptions_check', sql`${t.maxRedemptions} > 0`),
    check(
      'discounts_valid_range_check',
      sql`${t.validTo} is null or ${t.validTo} >= ${t.validFrom}`,
    ),
  ],
)
