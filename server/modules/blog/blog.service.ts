import { and, count, desc, eq, sql } from 'drizzle-orm'
import { slugify, type BlogPost, type BlogPostValues, type BlogStats } from '../../../common/blog'
import type { Db } from '../../db/client'
import { blogPosts } from '../../db/schema/blog-posts'
import { withUniqueCheck } from '../../lib/database-errors'
import { badRequest, notFound } from '../../lib/http-error'
import { keyset } from '../../lib/keyset'

type BlogPostRow = typeof blogPosts.$inferSelect

export function presentBlogPost(row: BlogPostRow): BlogPost {
  return {
    ...row,
    publishedAt: row.publishedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }
}

type ListOptions = { publishedOnly: boolean; limit: number; cursor?: string }

/**
 * Newest first, a page at a time: published posts by publication date (what readers see),
 * every post by creation date (the CMS table).
 */
export async function listBlogPosts(
  db: Db,
  { publishedOnly, limit, cursor }: ListOptions,
): Promise<{ posts: BlogPost[]; nextCursor: string | null }> {
  // A published post always has its publication date: publishing sets it.
  const time = publishedOnly ? blogPosts.publishedAt : blogPosts.createdAt
  const pages = keyset({ createdAt: time, id: blogPosts.id }, cursor, limit)
  const rows = await db
    .select()
    .from(blogPosts)
    .where(and(publishedOnly ? eq(blogPosts.published, true) : undefined, pages.after))
    .orderBy(desc(time), desc(blogPosts.id))
    .limit(pages.fetchSize)
  const page = pages.page(rows, (row) => (publishedOnly ? row.publishedAt! : row.createdAt))
  return { posts: page.rows.map(presentBlogPost), nextCursor: page.nextCursor }
}

/** The CMS's stat cards. */
export async function blogStats(db: Db): Promise<BlogStats> {
  const [row] = await db
    .select({
      total: count(),
      published: count(sql`case when ${blogPosts.published} then 1 end`),
    })
    .from(blogPosts)
  const total = row?.total ?? 0
  const published = row?.published ?? 0
  return { total, published, drafts: total - published }
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

const slugTaken = 'A post with this slug already exists'

function rowValues(values: BlogPostValues, now: Date, publishedAt: Date | null) {
  const slug = values.slug ?? slugify(values.title)
  if (!slug)
    throw badRequest('Slug is required: the title has no letters or digits to make one from')
  return {
    ...values,
    slug,
    publishedAt: values.published ? (publishedAt ?? now) : publishedAt,
    updatedAt: now,
  }
}

export async function createBlogPost(db: Db, values: BlogPostValues, now: Date): Promise<BlogPost> {
  const [row] = await withUniqueCheck(
    () =>
      db
        .insert(blogPosts)
        .values(rowValues(values, now, null))
        .returning(),
    slugTaken,
  )
  return presentBlogPost(row!)
}

export async function updateBlogPost(
  db: Db,
  id: string,
  values: BlogPostValues,
  now: Date,
): Promise<BlogPost> {
  const [existing] = await db
    .select({ publishedAt: blogPosts.publishedAt })
    .from(blogPosts)
    .where(eq(blogPosts.id, id))
  if (!existing) throw notFound('Post not found')
  const [row] = await withUniqueCheck(
    () =>
      db
        .update(blogPosts)
        .set(rowValues(values, now, existing.publishedAt))
        .where(eq(blogPosts.id, id))
        .returning(),
    slugTaken,
  )
  return presentBlogPost(row!)
}

/** Publishes a post; the first publication date is kept on later publishes. */
export async function publishBlogPost(db: Db, id: string, now: Date): Promise<BlogPost> {
  const [row] = await db
    .update(blogPosts)
    .set({
      published: true,
      publishedAt: sql`coalesce(${blogPosts.publishedAt}, ${now.toISOString()}::timestamptz)`,
      updatedAt: now,
    })
    .where(eq(blogPosts.id, id))
    .returning()
  if (!row) throw notFound('Post not found')
  return presentBlogPost(row)
}

export async function deleteBlogPost(db: Db, id: string): Promise<void> {
  const rows = await db
    .delete(blogPosts)
    .where(eq(blogPosts.id, id))
    .returning({ id: blogPosts.id })
  if (!rows.length) throw notFound('Post not found')
}
