import type { AuditEntry } from '@common/audit'
import {
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table'
import { formatDateTime } from '@/lib/format'

/** Who did what to which entity, and when; the fields a change sent, never their values. */
export function AuditEntriesTable({ entries }: { entries: AuditEntry[] }) {
  return (
    <Table>
      <TableCaption className="sr-only">Activity, newest first</TableCaption>
      <TableHeader>
        <TableRow>
          <TableHead>When</TableHead>
          <TableHead>Who</TableHead>
          <TableHead>Action</TableHead>
          <TableHead>Entity</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {entries.map((entry) => (
          <TableRow key={entry.id}>
            <TableCell className="text-muted-foreground">
              <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt)}</time>
            </TableCell>
            <TableCell className="font-medium">{entry.actorUsername}</TableCell>
            <TableCell>
              <code className="font-mono text-xs">{entry.action}</code>
              {entry.details?.fields && entry.details.fields.length > 0 && (
                <div className="text-xs text-muted-foreground">
                  Fields: {entry.details.fields.join(', ')}
                </div>
              )}
              {entry.details?.outcome && (
                <div className="text-xs text-muted-foreground">
                  Outcome: {entry.details.outcome}
                </div>
              )}
            </TableCell>
            <TableCell>
              <div>{entry.entityType}</div>
              {entry.entityId && (
                <code className="font-mono text-xs break-all whitespace-normal text-muted-foreground">
                  {entry.entityId}
                </code>
              )}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  )
}
