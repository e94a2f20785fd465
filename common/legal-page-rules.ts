// No zod here on purpose: the public footer and pages import this, and zod is heavy for them.
import { appRoutes } from './routes'

/** The legal pages an admin writes in Content & SEO. */
export const legalPageSlugs = ['privacy', 'terms'] as const
export type LegalPageSlug = (typeof legalPageSlugs)[number]

/** The footer's words for each page (the spec's), and the title a new page starts with. */
export const legalPageLabels: Record<LegalPageSlug, string> = {
  privacy: 'Privacy Policy',
  terms: 'Terms of Service',
}

export const legalPagePaths: Record<LegalPageSlug, string> = {
  privacy: appRoutes.privacy,
  terms: appRoutes.terms,
}

/** A legal page as the API answers it: an empty body means the page is not published. */
export type LegalPage = {
  slug: LegalPageSlug
  title: string
  body: string
  /** When it was last saved; null for a page never saved. */
  updatedAt: string | null
}

export const isPublishedLegalPage = (page: Pick<LegalPage, 'body'>) => page.body.trim() !== ''
