import { and, eq, ne } from 'drizzle-orm'
import {
  legalPageLabels,
  legalPageSlugs,
  type LegalPage,
  type LegalPageSlug,
} from '../../../common/legal-page-rules'
import type { LegalPageValues } from '../../../common/legal-pages'
import type { Db } from '../../db/client'
import { legalPages } from '../../db/schema/legal-pages'

type LegalPageRow = typeof legalPages.$inferSelect

function presentLegalPage(row: LegalPageRow): LegalPage {
  return {
    slug: row.slug as LegalPageSlug,
    title: row.title,
    body: row.body,
    updatedAt: row.updatedAt.toISOString(),
  }
}

/** A page never saved: its spec title and no body, so not published. */
const unsavedPage = (slug: LegalPageSlug): LegalPage => ({
  slug,
  title: legalPageLabels[slug],
  body: '',
  updatedAt: null,
})

/** Both pages in the footer's order, saved or not: what the editor shows. */
export async function listLegalPages(db: Db): Promise<LegalPage[]> {
  const rows = await db.select().from(legalPages)
  return legalPageSlugs.map((slug) => {
    const row = rows.find((candidate) => candidate.slug === slug)
    return row ? presentLegalPage(row) : unsavedPage(slug)
  })
}

const hasContent = ne(legalPages.body, '')

/** The page when it has content; null when it was never written or its body was emptied. */
export async function findPublishedLegalPage(
  db: Db,
  slug: LegalPageSlug,
): Promise<LegalPage | null> {
  const [row] = await db
    .select()
    .from(legalPages)
    .where(and(eq(legalPages.slug, slug), hasContent))
  return row ? presentLegalPage(row) : null
}

/** The pages with content and when each was last saved, in the footer's order. */
export async function listPublishedLegalPages(
  db: Db,
): Promise<{ slug: LegalPageSlug; updatedAt: string }[]> {
  const rows = await db
    .select({ slug: legalPages.slug, updatedAt: legalPages.updatedAt })
    .from(legalPages)
    .where(hasContent)
  return legalPageSlugs.flatMap((slug) => {
    const row = rows.find((candidate) => candidate.slug === slug)
    return row ? [{ slug, updatedAt: row.updatedAt.toISOString() }] : []
  })
}

/** Writes the page, created on its first save; `id` names it in the Activity trail. */
export async function saveLegalPage(
  db: Db,
  slug: LegalPageSlug,
  values: LegalPageValues,
  now: Date,
): Promise<{ id: string; page: LegalPage }> {
  const [row] = await db
    .insert(legalPages)
    .values({ slug, ...values, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({ target: legalPages.slug, set: { ...values, updatedAt: now } })
    .returning()
  return { id: row!.id, page: presentLegalPage(row!) }
}
