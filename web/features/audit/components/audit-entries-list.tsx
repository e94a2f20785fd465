import type { AuditEntry } from '@common/audit'
import { AuditEntryItem } from './audit-entry-item'

/** The trail, newest first: who did what to which entity, and when. */
export function AuditEntriesList({ entries }: { entries: AuditEntry[] }) {
  return (
    <ol aria-label="Activity, newest first" className="divide-y">
      {entries.map((entry) => (
        <AuditEntryItem key={entry.id} entry={entry} />
      ))}
    </ol>
  )
}
