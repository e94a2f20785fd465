import { WatchingNow } from '@/components/watching-now'
import { useAccountConnections } from '../api/get-account-connections'

/** "Watching now on N of M screens" on the customer's page, once they have a line. */
export function AccountWatching() {
  const watching = useAccountConnections()
  return watching.data ? <WatchingNow watching={watching.data} /> : null
}
