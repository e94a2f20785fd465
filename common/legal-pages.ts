import { z } from 'zod'
import { legalPageSlugs, type LegalPage } from './legal-page-rules'

export const legalPageSlug = z.enum(legalPageSlugs, { error: 'slug must be privacy or terms' })

export const legalPageParams = z.object({ slug: legalPageSlug })

export const legalPage = z.object({
  slug: legalPageSlug,
  title: z.string(),
  body: z.string(),
  updatedAt: z.iso.datetime().nullable(),
}) satisfies z.ZodType<LegalPage>

/** Which legal pages have content, for the footer's links. */
export const publishedLegalPages = z.array(legalPageSlug)

/** The editor's form, in the browser and on the server. An empty body unpublishes the page. */
export const legalPageInput = z.object({
  title: z
    .string({ error: 'Title is required' })
    .trim()
    .min(1, 'Title is required')
    .max(200, 'Title must be at most 200 characters'),
  body: z
    .string({ error: 'Body is required: empty text unpublishes the page' })
    .trim()
    .max(100_000, 'Body must be at most 100000 characters'),
})
export type LegalPageInput = z.input<typeof legalPageInput>
export type LegalPageValues = z.output<typeof legalPageInput>
