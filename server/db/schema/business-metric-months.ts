import { sql } from 'drizzle-orm'
import {
  bigint,
  check,
  date,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  uuid,
} from 'drizzle-orm/pg-core'

/**
 * What each person adds to each calendar month's figures (definitions: docs/payments.md §9):
 * their MRR at the month's end, their movement against the month before, the cash they paid,
 * refunds, revenue earned, and their trial's cohort. Money is integer cents; contraction and
 * churn are negative. Rows are rebuilt for a person by triggers whenever their payments, refunds
 * or trial change (migration `business-metric-months`), so the months below stay their sums.
 * A person is their trial request, or the payment itself for money that outlived its person.
 */
const contributions = {
  mrr: bigint('mrr', { mode: 'number' }).notNull().default(0),
  paying: integer('paying').notNull().default(0),
  newMrr: bigint('new_mrr', { mode: 'number' }).notNull().default(0),
  expansionMrr: bigint('expansion_mrr', { mode: 'number' }).notNull().default(0),
  contractionMrr: bigint('contraction_mrr', { mode: 'number' }).notNull().default(0),
  churnedMrr: bigint('churned_mrr', { mode: 'number' }).notNull().default(0),
  reactivationMrr: bigint('reactivation_mrr', { mode: 'number' }).notNull().default(0),
  churned: integer('churned').notNull().default(0),
  grossCash: bigint('gross_cash', { mode: 'number' }).notNull().default(0),
  refunds: bigint('refunds', { mode: 'number' }).notNull().default(0),
  recognised: bigint('recognised', { mode: 'number' }).notNull().default(0),
  trialsStarted: integer('trials_started').notNull().default(0),
  trialsConverted: integer('trials_converted').notNull().default(0),
}

export const businessMetricPersonMonths = pgTable(
  'business_metric_person_months',
  {
    person: uuid('person').notNull(),
    // The month's first day in the business time zone the rows were built in.
    month: date('month').notNull(),
    ...contributions,
  },
  (t) => [primaryKey({ columns: [t.person, t.month] })],
)

/** Every person's contributions summed per month: the owner's numbers read a few rows. */
export const businessMetricMonths = pgTable('business_metric_months', {
  month: date('month').primaryKey(),
  ...contributions,
})

/**
 * The time zone the rows above were built in; null until the first read builds them. A change
 * of the business time zone is seen by the next read, which rebuilds them all.
 */
export const businessMetricState = pgTable(
  'business_metric_state',
  {
    id: smallint('id').primaryKey().default(1),
    timeZone: text('time_zone'),
  },
  (t) => [check('business_metric_state_one_row', sql`${t.id} = 1`)],
)
