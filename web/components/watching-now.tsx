import { MonitorPlay } from 'lucide-react'
import { watchingNowText, type LineConnections } from '@common/line-watch'
import { SectionCard } from '@/components/section-card'
import { formatRelativeTime } from '@/lib/relative-time'
import { useNow } from '@/lib/use-now'

/** A reading older than this says how old it is (the panel is read at most once a minute). */
const staleAfterMs = 2 * 60_000

/** A player's name as people know it: the user agent's first word ("TiviMate/4.7" → TiviMate). */
const playerName = (userAgent: string) => userAgent.split(/[\s/(]/)[0] || 'Unknown player'

/**
 * Who watches a line now: "Watching now on N of M screens", then each connection's player,
 * address, country and when it started. The address is as the server gives it (masked on the
 * customer's own page). An old reading says its age: the panel did not answer since.
 */
export function WatchingNow({ watching }: { watching: LineConnections }) {
  const now = useNow(30_000)
  const { readAt, maxConnections, connections } = watching
  const isStale = readAt === null || now - Date.parse(readAt) > staleAfterMs
  return (
    <SectionCard
      title={watchingNowText(connections.length, maxConnections)}
      icon={MonitorPlay}
      description={
        isStale
          ? readAt
            ? `The supplier panel is not answering: as it was ${formatRelativeTime(readAt, now)}.`
            : 'The supplier panel has not answered yet.'
          : undefined
      }
    >
      {connections.length === 0 ? (
        <p className="text-sm text-muted-foreground">Nobody is watching right now.</p>
      ) : (
        <ul className="grid gap-3" aria-label="Connections now">
          {connections.map((connection, index) => (
            <li
              key={`${connection.ip}-${connection.startedAt}-${index}`}
              className="grid gap-0.5 rounded-md border p-3 text-sm"
            >
              <span className="font-medium break-words" title={connection.player}>
                {playerName(connection.player)}
                {connection.stream && (
                  <span className="font-normal text-muted-foreground"> · {connection.stream}</span>
                )}
              </span>
              <span className="text-muted-foreground">
                <span className="font-mono">{connection.ip}</span>
                {connection.country && ` · ${connection.country}`} · started{' '}
                {formatRelativeTime(connection.startedAt, now)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </SectionCard>
  )
}
