import { pgTable, text, uuid, varchar } from 'drizzle-orm/pg-core'
import { createdAt, updatedAt } from './columns'

/** Answers agents insert with "/" in the reply box; `{firstName}` and the like are filled in. */
export const savedReplies = pgTable('saved_replies', {
  id: uuid('id').primaryKey().defaultRandom(),
  title: varchar('title', { length: 100 }).notNull(),
  body: text('body').notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
})
