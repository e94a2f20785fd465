import { and, desc, eq, sql } from 'drizzle-orm'
import type { BlogPost } from '../../../common/blog'
import type { Db } from '../../db/client'
import { blogPosts } from '../../db/schema/blog-posts'

type BlogPostRow = typeof blogPosts.$inferSelect

export function presentBlogPost(row: BlogPostRow): BlogPost {
  return {
    ...row,
    publishedAt: row.publishedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }
}

// Published posts newest first by publication; drafts (admin view) by creation.
const newestFirst = [
  desc(sql`coalesce(${blogPosts.publishedAt}, ${blogPosts.createdAt})`),
  desc(blogPosts.id),
]

export async function listBlogPosts(
  db: Db,
  { publishedOnly, limit }: { publishedOnly: boolean; limit: number },
): Promise<BlogPost[]> {
  const rows = await db
    .select()
    .from(blogPosts)
    .where(publishedOnly ? eq(blogPosts.published, true) : undefined)
    .orderBy(...newestFirst)
    .limit(limit)
  return rows.map(presentBlogPost)
}

export async function findBlogPostBySlug(
  db: Db,
  slug: string,
  { publishedOnly }: { publishedOnly: boolean },
): Promise<BlogPost | null> {
  const [row] = await db
    .select()
    .from(blogPosts)
    .where(and(eq(blogPosts.slug, slug), publishedOnly ? eq(blogPosts.published, true) : undefined))
  return row ? presentBlogPost(row) : null
}
