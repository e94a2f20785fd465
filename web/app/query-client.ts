import { QueryClient } from '@tanstack/react-query'

/**
 * No automatic refetch interval (queries that poll opt in), no refetch on focus,
 * data never goes stale on its own and nothing is retried.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        refetchInterval: false,
        refetchOnWindowFocus: false,
        staleTime: Infinity,
        retry: false,
      },
      mutations: { retry: false },
    },
  })
}
