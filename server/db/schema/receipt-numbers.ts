import { sql } from 'drizzle-orm'
import { check, integer, pgTable, smallint } from 'drizzle-orm/pg-core'

/**
 * The last receipt number given, in one row. It is raised with `UPDATE … RETURNING` inside the
 * transaction that settles the payment, so a settle that rolls back gives its number back: a
 * sequence would leave a gap there, and receipts are numbered without gaps.
 */
export const receiptNumbers = pgTable(
  'receipt_numbers',
  {
    id: smallint('id').primaryKey().default(1),
    lastNumber: integer('last_number').notNull(),
  },
  (t) => [check('receipt_numbers_one_row_check', sql`${t.id} = 1`)],
)
