import { CheckCircle2, Circle } from 'lucide-react'
import type { BlogPostInput } from '@common/blog'
import { seoChecks } from '@common/seo-checks'
import { ProgressBar } from '@/components/ui/progress-bar'
import { cn } from '@/lib/utils'
import { SeoScoreBadge } from './seo-score-badge'

type SeoFields = Pick<
  BlogPostInput,
  'title' | 'metaDescription' | 'slug' | 'content' | 'excerpt' | 'metaTitle'
>

/** The live SEO score of the post being edited, rule by rule. */
export function SeoScorePanel({ post }: { post: SeoFields }) {
  const checks = seoChecks(post)
  const score = checks.reduce((sum, check) => sum + (check.isMet ? check.points : 0), 0)
  return (
    <section
      aria-labelledby="seo-score-heading"
      className="grid content-start gap-3 rounded-lg border bg-muted/40 p-4"
    >
      <div className="flex items-center justify-between gap-2">
        <h3 id="seo-score-heading" className="text-sm font-semibold">
          SEO score
        </h3>
        <SeoScoreBadge score={score} />
      </div>
      <ProgressBar labelledBy="seo-score-heading" percent={score} />
      <ul className="grid gap-2 text-sm">
        {checks.map((check) => (
          <li key={check.field} className="flex items-start gap-2">
            {check.isMet ? (
              <CheckCircle2 className="mt-0.5 size-4 shrink-0 text-success" aria-hidden />
            ) : (
              <Circle className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden />
            )}
            <span className={cn('flex-1', !check.isMet && 'text-muted-foreground')}>
              <span className="sr-only">{check.isMet ? 'Met: ' : 'Not met: '}</span>
              {check.label}
              <span className="text-xs text-muted-foreground"> (now {check.length})</span>
            </span>
            <span className="text-xs font-medium tabular-nums">
              {check.isMet ? `+${check.points}` : `0/${check.points}`}
            </span>
          </li>
        ))}
      </ul>
    </section>
  )
}
