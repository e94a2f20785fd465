import { History } from 'lucide-react'
import type { AuditEntry } from '@common/audit'
import { auditSentenceText, describeAuditEntry } from '@common/audit-sentences'
import { SectionCard } from '@/components/section-card'
import { formatDateTime } from '@/lib/format'

/** What was done to this person and by whom, newest first, from the Activity trail. */
export function PersonTimeline({ entries }: { entries: AuditEntry[] }) {
  return (
    <SectionCard title="Timeline" icon={History} description="Changes from the Activity log.">
      {entries.length === 0 ? (
        <p className="text-sm text-muted-foreground">No changes recorded yet.</p>
      ) : (
        <ol className="grid gap-3 border-l pl-4">
          {entries.map((entry) => {
            const sentence = describeAuditEntry(entry)
            return (
              <li key={entry.id} className="relative grid gap-0.5">
                <span
                  aria-hidden
                  className="absolute top-1.5 -left-[1.3rem] size-2 rounded-full bg-primary"
                />
                <span className="text-sm break-words">
                  {auditSentenceText(sentence)}
                  {sentence.note && (
                    <span className="text-muted-foreground"> ({sentence.note})</span>
                  )}
                </span>
                <time dateTime={entry.createdAt} className="text-xs text-muted-foreground">
                  {formatDateTime(entry.createdAt)}
                </time>
              </li>
            )
          })}
        </ol>
      )}
    </SectionCard>
  )
}
