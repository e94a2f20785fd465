import type { LegalPage } from '@common/legal-page-rules'
import { PlainTextBody } from '@/components/plain-text-body'
import { formatPublishedDate } from '@/lib/format'

/** A published legal page: its title, when it was last changed, and its text as written. */
export function LegalPageArticle({ page }: { page: LegalPage }) {
  return (
    <article className="flex flex-col gap-6">
      <header className="flex flex-col gap-3">
        <h1 className="text-3xl font-extrabold tracking-tight text-balance sm:text-5xl">
          {page.title}
        </h1>
        {page.updatedAt && (
          <p className="text-sm text-muted-foreground">
            Last updated{' '}
            <time dateTime={page.updatedAt}>{formatPublishedDate(page.updatedAt)}</time>
          </p>
        )}
      </header>
      <PlainTextBody text={page.body} className="border-t pt-8" />
    </article>
  )
}
