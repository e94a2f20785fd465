import { sql } from 'drizzle-orm'
import { boolean, check, index, pgTable, text, uuid, varchar } from 'drizzle-orm/pg-core'
import { createdAt, timestamptz, updatedAt } from './columns'

export const blogPosts = pgTable(
  'blog_posts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: varchar('title', { length: 200 }).notNull(),
    slug: varchar('slug', { length: 200 }).notNull().unique(),
    content: text('content').notNull(),
    excerpt: text('excerpt'),
    metaTitle: varchar('meta_title', { length: 200 }),
    metaDescription: text('meta_description'),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    featuredImage: text('featured_image'),
    published: boolean('published').notNull().default(false),
    publishedAt: timestamptz('published_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('blog_posts_published_idx').on(t.published, t.publishedAt),
    // Readers' lists page by publication date, so a published post must have one.
    check('blog_posts_published_at_check', sql`not ${t.published} or ${t.publishedAt} is not null`),
  ],
)
