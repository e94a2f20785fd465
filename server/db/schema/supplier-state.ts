import { sql } from 'drizzle-orm'
import { boolean, check, integer, pgTable, smallint, text } from 'drizzle-orm/pg-core'
import { timestamptz } from './columns'

/**
 * The one row of what we last learnt from the supplier's panel, and the lease of the process
 * reconciling with it: a sync calls the panel for a while, so it holds a lease rather than a
 * transaction (never one open across a panel call).
 */
export const supplierState = pgTable(
  'supplier_state',
  {
    id: smallint('id').primaryKey().default(1),
    syncClaimedUntil: timestamptz('sync_claimed_until'),
    lastSyncAt: timestamptz('last_sync_at'),
    lastSyncError: text('last_sync_error'),
    // Null: an admin key (credits unknown), or never read.
    credits: integer('credits'),
    // The admins were told credits fell below the threshold; cleared once they are back above.
    isCreditAlerted: boolean('is_credit_alerted').notNull().default(false),
  },
  (t) => [check('supplier_state_single_row_check', sql`${t.id} = 1`)],
)
