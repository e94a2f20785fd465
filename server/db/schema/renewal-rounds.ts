import { sql } from 'drizzle-orm'
import { check, pgTable, smallint } from 'drizzle-orm/pg-core'
import { timestamptz } from './columns'

/**
 * The lease of the process running the renewal round (decision 0060): one process at a time
 * charges saved cards, at a pace that keeps the installation under Stripe's rate limit.
 */
export const renewalRounds = pgTable(
  'renewal_rounds',
  {
    id: smallint('id').primaryKey().default(1),
    claimedUntil: timestamptz('claimed_until'),
    lastRunAt: timestamptz('last_run_at'),
  },
  (t) => [check('renewal_rounds_single_row_check', sql`${t.id} = 1`)],
)
