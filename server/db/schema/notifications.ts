import { boolean, index, pgTable, text, uuid, varchar } from 'drizzle-orm/pg-core'
import { createdAt } from './columns'

export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    type: varchar('type', { length: 50 }).notNull(),
    entityId: varchar('entity_id', { length: 255 }).notNull(),
    recipientRole: varchar('recipient_role', { length: 20 }).notNull(),
    recipientKey: varchar('recipient_key', { length: 255 }),
    title: varchar('title', { length: 255 }).notNull(),
    body: text('body').notNull(),
    read: boolean('read').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index('notifications_recipient_idx').on(t.recipientRole, t.recipientKey, t.read, t.createdAt),
    index('notifications_type_created_idx').on(t.type, t.createdAt),
  ],
)
