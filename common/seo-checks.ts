import type { BlogPostInput } from './blog'

type SeoFields = Pick<
  BlogPostInput,
  'title' | 'metaDescription' | 'slug' | 'content' | 'excerpt' | 'metaTitle'
>

export type SeoCheck = {
  field: keyof SeoFields
  label: string
  points: number
  /** The field's length now (trimmed), to show next to the rule. */
  length: number
  isMet: boolean
}

const rules: {
  field: keyof SeoFields
  label: string
  points: number
  min: number
  max?: number
}[] = [
  { field: 'title', label: 'Title is 10–60 characters', points: 20, min: 10, max: 60 },
  {
    field: 'metaDescription',
    label: 'Meta description is 120–160 characters',
    points: 20,
    min: 120,
    max: 160,
  },
  { field: 'slug', label: 'Slug is at least 5 characters', points: 15, min: 5 },
  { field: 'content', label: 'Content is at least 300 characters', points: 25, min: 300 },
  { field: 'excerpt', label: 'Excerpt is at least 50 characters', points: 10, min: 50 },
  { field: 'metaTitle', label: 'Meta title is at least 10 characters', points: 10, min: 10 },
]

/**
 * The SEO rules one by one, so the editor can show which are met; the points of the met
 * ones add up to seoScore (common/blog.ts), which the test beside this file holds it to.
 */
export function seoChecks(post: SeoFields): SeoCheck[] {
  return rules.map(({ field, label, points, min, max }) => {
    const length = post[field]?.trim().length ?? 0
    return { field, label, points, length, isMet: length >= min && length <= (max ?? Infinity) }
  })
}
