import { excerptOf } from '../../../common/blog-rules'
import {
  legalPagePaths,
  legalPageSlugs,
  type LegalPageSlug,
} from '../../../common/legal-page-rules'
import type { Db } from '../../db/client'
import { findPublishedLegalPage } from '../legal-pages/legal-pages.service'
import type { PageHead } from './page-head'

const descriptionLength = 160

/** The legal page shown at `path` (`/privacy`, `/terms`), if it is one. */
export const legalSlugAt = (path: string): LegalPageSlug | undefined =>
  legalPageSlugs.find((slug) => legalPagePaths[slug] === path)

/** The head of a published legal page; null while it has no content (the page is a 404). */
export async function legalPageHead(
  slug: LegalPageSlug,
  { db, baseUrl, brandName }: { db: Db; baseUrl: string; brandName: string },
): Promise<PageHead | null> {
  const page = await findPublishedLegalPage(db, slug)
  if (!page) return null
  const url = `${baseUrl}${legalPagePaths[slug]}`
  // The description a search result shows: the page's opening words, as for a post without one.
  const description = excerptOf({ excerpt: null, content: page.body }, descriptionLength).slice(
    0,
    descriptionLength,
  )
  return {
    title: `${page.title} — ${brandName}`,
    description,
    canonical: url,
    jsonLd: [
      {
        '@context': 'https://schema.org',
        '@type': 'WebPage',
        name: page.title,
        description,
        url,
        dateModified: page.updatedAt,
        publisher: { '@type': 'Organization', name: brandName },
      },
    ],
  }
}
