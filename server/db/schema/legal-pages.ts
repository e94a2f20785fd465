import { check, pgTable, text, uuid, varchar } from 'drizzle-orm/pg-core'
import { legalPageSlugs } from '../../../common/legal-page-rules'
import { createdAt, isOneOf, updatedAt } from './columns'

/** The Privacy Policy and Terms of Service: a row once first saved, published while its body has text. */
export const legalPages = pgTable(
  'legal_pages',
  {
    // A uuid like every audited entity, so the Activity trail can name the page by its title.
    id: uuid('id').primaryKey().defaultRandom(),
    slug: varchar('slug', { length: 20 }).notNull().unique(),
    title: varchar('title', { length: 200 }).notNull(),
    body: text('body').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [check('legal_pages_slug_check', isOneOf(t.slug, legalPageSlugs))],
)
