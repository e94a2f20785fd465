import { ListEmpty, QueryStates } from '@/components/list-states'
import { Badge } from '@/components/ui/badge'
import { formatDateTime } from '@/lib/format'
import { useLineHistory } from '../api/get-line-history'

const actionLabels: Record<string, string> = {
  create_line: 'Created',
  edit_line: 'Changed',
  enable_line: 'Enabled',
  disable_line: 'Disabled',
  get_line: 'Read',
  get_lines: 'Looked up',
}

/** The line's latest calls to the panel, newest first: what was asked, by whom, how it ended. */
export function LineHistory({ lineId }: { lineId: string }) {
  return (
    <section aria-labelledby={`history-${lineId}`} className="grid gap-2">
      <h3 id={`history-${lineId}`} className="text-sm font-medium">
        History on the panel
      </h3>
      <QueryStates query={useLineHistory(lineId)} loadingLabel="Loading the line's history">
        {(calls) =>
          calls.length === 0 ? (
            <ListEmpty>No calls to the panel yet.</ListEmpty>
          ) : (
            <ol className="grid divide-y rounded-md border text-sm">
              {calls.map((call) => {
                const isSuccess = call.outcome === 'STATUS_SUCCESS'
                return (
                  <li key={call.id} className="grid gap-1 px-3 py-2">
                    <div className="flex flex-wrap items-center gap-2">
                      <span className="font-medium">
                        {actionLabels[call.action] ?? call.action}
                      </span>
                      <Badge variant={isSuccess ? 'secondary' : 'destructive'}>
                        {isSuccess ? 'Done' : call.outcome}
                      </Badge>
                      <time dateTime={call.at} className="ml-auto text-xs text-muted-foreground">
                        {formatDateTime(call.at)}
                      </time>
                    </div>
                    <p className="text-xs break-words text-muted-foreground">
                      By {call.actor}
                      {call.message && ` · ${call.message}`}
                    </p>
                  </li>
                )
              })}
            </ol>
          )
        }
      </QueryStates>
    </section>
  )
}
