import { check, index, integer, jsonb, pgTable, text, uuid, varchar } from 'drizzle-orm/pg-core'
import { m3uSubscriptionTypes } from '../../../common/m3u'
import { createdAt, isOneOf, updatedAt } from './columns'

/** Lines bought on the supplier's panel. The API key is never stored; apiResponse is redacted. */
export const m3uLines = pgTable(
  'm3u_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    supplierId: varchar('supplier_id', { length: 100 }),
    subscriptionType: integer('subscription_type').notNull(),
    packageId: varchar('package_id', { length: 100 }).notNull(),
    m3uUrl: text('m3u_url').notNull(),
    status: varchar('status', { length: 20 }).notNull().default('active'),
    notes: text('notes'),
    apiResponse: jsonb('api_response'),
    createdBy: varchar('created_by', { length: 64 }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('m3u_lines_subscription_type_check', isOneOf(t.subscriptionType, m3uSubscriptionTypes)),
    index('m3u_lines_created_idx').on(t.createdAt),
  ],
)
