import { describePanelCall } from '@common/panel-calls'
import { ListEmpty, QueryStates } from '@/components/list-states'
import { Badge } from '@/components/ui/badge'
import { formatDateTime, formatShortDate } from '@/lib/format'
import { useLineHistory } from '../api/get-line-history'

/** The line's latest calls to the panel, newest first, in words: what was done, by whom, how it ended. */
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
                    <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
                      <span className="font-medium">
                        {describePanelCall(call, formatShortDate)}
                      </span>
                      {!isSuccess && <Badge variant="destructive">Failed</Badge>}
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
