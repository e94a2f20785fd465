import { pgTable, text, varchar } from 'drizzle-orm/pg-core'
import { updatedAt } from './columns'

/** An admin's own words for a message kind; a kind without a row uses the default in code. */
export const messageTemplates = pgTable('message_templates', {
  kind: varchar('kind', { length: 50 }).primaryKey(),
  subject: varchar('subject', { length: 200 }).notNull(),
  body: text('body').notNull(),
  updatedBy: varchar('updated_by', { length: 64 }),
  updatedAt: updatedAt(),
})
