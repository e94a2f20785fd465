import { WatchingNow } from '@/components/watching-now'
import { useLineConnections } from '../api/get-line-connections'

/** Beside the line: who watches it now (hidden until the first answer, and when none comes). */
export function LineConnections({ personId }: { personId: string }) {
  const watching = useLineConnections(personId)
  return watching.data ? <WatchingNow watching={watching.data} /> : null
}
