import { m3uSubscriptionLabels, type M3uLine, type M3uSubscriptionType } from '@common/m3u'
import { CopyButton } from '@/components/copy-button'
import { ListEmpty, QueryStates } from '@/components/list-states'
import { Badge } from '@/components/ui/badge'
import { formatDateTime } from '@/lib/format'
import { useRecentM3uLines } from '../api/get-recent-m3u-lines'

function subscriptionLabel(type: number): string {
  return m3uSubscriptionLabels[type as M3uSubscriptionType] ?? `${type} months`
}

function RecentLine({ line }: { line: M3uLine }) {
  const label = subscriptionLabel(line.subscriptionType)
  return (
    <li className="grid grid-cols-1 gap-2 py-3 first:pt-0 last:pb-0">
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-medium">{label}</span>
        <Badge variant="secondary">{line.status}</Badge>
        <time dateTime={line.createdAt} className="ml-auto text-xs text-muted-foreground">
          {formatDateTime(line.createdAt)}
        </time>
      </div>
      <p className="text-xs break-words text-muted-foreground">
        Package {line.packageId}
        {line.createdBy && ` · by ${line.createdBy}`}
        {line.notes && ` · ${line.notes}`}
      </p>
      <div className="flex items-center gap-2">
        <code className="min-w-0 flex-1 truncate rounded-md bg-muted px-2 py-1.5 font-mono text-xs">
          {line.m3uUrl}
        </code>
        <CopyButton
          value={line.m3uUrl}
          copiedDescription="The line's M3U URL is on the clipboard."
          aria-label={`Copy URL of the ${label} line, package ${line.packageId}`}
        >
          Copy URL
        </CopyButton>
      </div>
    </li>
  )
}

/** The five newest lines bought from the supplier, each URL ready to copy. */
export function RecentM3uLines() {
  return (
    <QueryStates query={useRecentM3uLines()} loadingLabel="Loading recent M3U lines">
      {(lines) =>
        lines.length === 0 ? (
          <ListEmpty>No M3U lines yet.</ListEmpty>
        ) : (
          <ul aria-label="Recent M3U lines" className="grid grid-cols-1 divide-y">
            {lines.map((line) => (
              <RecentLine key={line.id} line={line} />
            ))}
          </ul>
        )
      }
    </QueryStates>
  )
}
