import type { Db } from '../db/client'
import { blogPosts } from '../db/schema/blog-posts'

type PostFields = Partial<typeof blogPosts.$inferInsert> & { title: string }

/** Writes a post straight to the database, published unless told otherwise. */
export async function insertBlogPost(db: Db, fields: PostFields) {
  const published = fields.published ?? true
  const [row] = await db
    .insert(blogPosts)
    .values({
      slug: fields.title.toLowerCase().replace(/\W+/g, '-'),
      content: `${fields.title}\nSecond line of the article.`,
      published,
      publishedAt: published ? new Date() : null,
      ...fields,
    })
    .returning()
  return row!
}
