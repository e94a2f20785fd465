import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query'
import type { AuditEntry } from '@common/audit'
import { apiPage, type ApiPage } from '@/lib/api-client'

/** Exact matches; an empty filter is left out. */
export type AuditFilters = { action: string; actor: string; entityType: string }

const pageSize = 25

export async function getAuditLog(
  filters: AuditFilters,
  cursor: string | undefined,
  signal?: AbortSignal,
): Promise<ApiPage<AuditEntry>> {
  const params = new URLSearchParams({ limit: String(pageSize) })
  for (const [name, value] of Object.entries(filters)) {
    if (value.trim()) params.set(name, value.trim())
  }
  if (cursor) params.set('cursor', cursor)
  return apiPage<AuditEntry>(`/api/audit-log?${params}`, signal)
}

/** Newest first, a page at a time; read again whenever the view opens. New filters keep the old rows until they answer. */
export function getAuditLogQueryOptions(filters: AuditFilters) {
  return infiniteQueryOptions({
    queryKey: ['audit-log', filters],
    queryFn: ({ pageParam, signal }) => getAuditLog(filters, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
    refetchOnMount: 'always',
    placeholderData: keepPreviousData,
  })
}

export function useAuditLog(filters: AuditFilters) {
  return useInfiniteQuery(getAuditLogQueryOptions(filters))
}
