import { useQuery } from '@tanstack/react-query'
import type { LineConnections } from '@common/line-watch'
import { ApiError, apiJson } from '@/lib/api-client'

/** Who watches the customer's own line now (addresses masked); null while they have no line. */
async function getAccountConnections(signal?: AbortSignal): Promise<LineConnections | null> {
  try {
    return await apiJson<LineConnections>('GET', '/api/account/connections', undefined, signal)
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null
    throw error
  }
}

/** Read again every minute: the server asks the panel at most that often. */
export function useAccountConnections() {
  return useQuery({
    queryKey: ['account-connections'],
    queryFn: ({ signal }) => getAccountConnections(signal),
    refetchInterval: 60_000,
  })
}
