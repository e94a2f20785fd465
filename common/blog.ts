import { z } from 'zod'
import { pageQuery } from './api'

// The pure post rules live in blog-rules.ts, which public pages import without zod.
export { excerptOf, readTimeByLength, readTimeByWords, slugify } from './blog-rules'

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

/** The list convention of common/api.ts, with fewer posts a page: a post may be long. */
export const blogListQuery = pageQuery.extend({
  published: z
    .enum(['true', 'false'], { error: 'published must be true or false' })
    .transform((v) => v === 'true')
    .optional(),
  limit: z.coerce
    .number({ error: 'limit must be between 1 and 100' })
    .int('limit must be between 1 and 100')
    .min(1, 'limit must be between 1 and 100')
    .max(100, 'limit must be between 1 and 100')
    .default(50),
})

/** The CMS's stat cards: every post, and how many are published or drafts. */
export const blogStats = z.object({
  total: z.number().int(),
  published: z.number().int(),
  drafts: z.number().int(),
})
export type BlogStats = z.infer<typeof blogStats>

const optionalText = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .nullish()
    .transform((value) => value || null)

const featuredImageMessage =
  'Featured image must be a web address starting with http:// or https://'

/** An absolute http(s) address: never `javascript:`, `data:`, a relative path or spaces. */
function isWebAddress(text: string): boolean {
  if (!/^https?:\/\/[^\s\p{Cc}]+$/iu.test(text)) return false
  try {
    return new URL(text).hostname !== ''
  } catch {
    return false
  }
}

/** The CMS form, in the browser and on the server. An empty slug is made from the title. */
export const blogPostInput = z.object({
  title: z
    .string({ error: 'Title is required' })
    .trim()
    .min(1, 'Title is required')
    .max(200, 'Title must be at most 200 characters'),
  content: z
    .string({ error: 'Content is required' })
    .trim()
    .min(1, 'Content is required')
    .max(100_000, 'Content must be at most 100000 characters'),
  slug: z
    .string()
    .trim()
    .max(200, 'Slug must be at most 200 characters')
    .regex(/^[a-z0-9-]*$/, 'Slug may only contain lowercase letters, digits and hyphens')
    .nullish()
    .transform((value) => value || null),
  excerpt: optionalText(500, 'Excerpt'),
  metaTitle: optionalText(200, 'Meta title'),
  metaDescription: optionalText(300, 'Meta description'),
  tags: z
    .array(z.string().trim().max(40, 'A tag must be at most 40 characters'))
    .max(20, 'At most 20 tags')
    .default([])
    .transform((tags) => [...new Set(tags.filter(Boolean))]),
  featuredImage: z
    .string({ error: featuredImageMessage })
    .trim()
    .max(2048, 'Featured image must be at most 2048 characters')
    .refine((value) => value === '' || isWebAddress(value), featuredImageMessage)
    .nullish()
    .transform((value) => value || null),
  published: z.boolean().default(false),
})
export type BlogPostInput = z.input<typeof blogPostInput>
export type BlogPostValues = z.output<typeof blogPostInput>

/** 0–100 from title, meta description, slug, content, excerpt and meta title lengths. */
export function seoScore(
  post: Pick<
    BlogPostInput,
    'title' | 'metaDescription' | 'slug' | 'content' | 'excerpt' | 'metaTitle'
  >,
): number {
  const length = (text: string | null | undefined) => text?.trim().length ?? 0
  const title = length(post.title)
  const description = length(post.metaDescription)
  return (
    (title >= 10 && title <= 60 ? 20 : 0) +
    (description >= 120 && description <= 160 ? 20 : 0) +
    (length(post.slug) >= 5 ? 15 : 0) +
    (length(post.content) >= 300 ? 25 : 0) +
    (length(post.excerpt) >= 50 ? 10 : 0) +
    (length(post.metaTitle) >= 10 ? 10 : 0)
  )
}
