import { Link } from 'wouter'
import type { AuditEntry } from '@common/audit'
import { describeAuditEntry } from '@common/audit-sentences'
import { formatDateTime } from '@/lib/format'

/** One change as a sentence, its subject linked to where it lives; when, and what was sent. */
export function AuditEntryItem({ entry }: { entry: AuditEntry }) {
  const { actor, verb, subject, rest, note } = describeAuditEntry(entry)
  const fields = entry.details?.fields ?? []
  return (
    <li className="grid gap-1 py-3 first:pt-0 last:pb-0">
      <p className="text-sm break-words">
        <span className="font-medium">{actor}</span> {verb}
        {subject && ' '}
        {subject?.href ? (
          <Link
            href={subject.href}
            className="font-medium text-primary underline-offset-4 hover:underline"
          >
            {subject.text}
          </Link>
        ) : (
          subject && <span className="font-medium">{subject.text}</span>
        )}
        {rest}
      </p>
      <p className="flex flex-wrap gap-x-3 gap-y-0.5 text-xs text-muted-foreground">
        <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt)}</time>
        {fields.length > 0 && <span className="break-words">Fields: {fields.join(', ')}</span>}
        {note && <span>({note})</span>}
      </p>
    </li>
  )
}
