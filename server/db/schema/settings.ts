import { jsonb, pgTable, text } from 'drizzle-orm/pg-core'
import { updatedAt } from './columns'

/** Business settings as one JSON value per key, validated by the settings module. */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: updatedAt(),
})
