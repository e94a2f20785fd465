import { z } from 'zod'

export const blogPost = z.object({
  id: z.uuid(),
  title: z.string(),
  slug: z.string(),
  content: z.string(),
  excerpt: z.string().nullable(),
  metaTitle: z.string().nullable(),
  metaDescription: z.string().nullable(),
  tags: z.array(z.string()),
  featuredImage: z.string().nullable(),
  published: z.boolean(),
  publishedAt: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
})
export type BlogPost = z.infer<typeof blogPost>

export const blogListQuery = z.object({
  published: z
    .enum(['true', 'false'], { error: 'published must be true or false' })
    .transform((v) => v === 'true')
    .optional(),
  limit: z.coerce
    .number()
    .int()
    .min(1, 'limit must be between 1 and 100')
    .max(100, 'limit must be between 1 and 100')
    .optional(),
})

/** Spec §5: lowercase, drop all but letters, digits, spaces and hyphens, spaces to hyphens, collapse. */
export function slugify(title: string): string {
  return title
    .toLowerCase()
    .replace(/[^a-z0-9\s-]/g, '')
    .trim()
    .replace(/\s+/g, '-')
    .replace(/-+/g, '-')
    .replace(/^-|-$/g, '')
}

/** Landing cards: words / 200, rounded up. */
export function readTimeByWords(content: string): number {
  const words = content.trim().split(/\s+/).filter(Boolean).length
  return Math.max(1, Math.ceil(words / 200))
}

/** Blog pages: characters / 1000, rounded up. */
export function readTimeByLength(content: string): number {
  return Math.max(1, Math.ceil(content.length / 1000))
}

/** The post's excerpt, or the first `length` characters of its content. */
export function excerptOf(post: Pick<BlogPost, 'excerpt' | 'content'>, length: number): string {
  if (post.excerpt?.trim()) return post.excerpt
  const text = post.content.trim()
  return text.length > length ? `${text.slice(0, length).trimEnd()}…` : text
}
