import { check, index, pgTable, uuid, varchar } from 'drizzle-orm/pg-core'
import { customerActions } from '../../../common/customer-account'
import { createdAt, isOneOf } from './columns'
import { trialRequests } from './trial-requests'

/** What a customer did on their own page (signed in, paid, opened a receipt), for admins. */
export const customerActivity = pgTable(
  'customer_activity',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    trialRequestId: uuid('trial_request_id')
      .notNull()
      .references(() => trialRequests.id, { onDelete: 'cascade' }),
    action: varchar('action', { length: 30, enum: customerActions }).notNull(),
    // A receipt's number, a payment's plan: never a token or an address.
    detail: varchar('detail', { length: 200 }),
    createdAt: createdAt(),
  },
  (t) => [
    check('customer_activity_action_check', isOneOf(t.action, customerActions)),
    index('customer_activity_person_idx').on(t.trialRequestId, t.createdAt),
  ],
)
