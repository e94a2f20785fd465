import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { CreateM3uLineInput, M3uLine } from '@common/m3u'
import { apiRequest } from '@/lib/api-client'
import { m3uLinesQueryKey } from './get-recent-m3u-lines'

export type CreatedM3uLine = { line: M3uLine; isNew: boolean }

/**
 * Buys a line from the supplier. The same requestId again answers 200 with the line already
 * bought instead of buying another; 502 carries the supplier's refusal, 503 a missing supplier.
 */
export async function createM3uLine(input: CreateM3uLineInput): Promise<CreatedM3uLine> {
  const response = await apiRequest('POST', '/api/m3u-lines', input)
  return { line: (await response.json()) as M3uLine, isNew: response.status === 201 }
}

export function useCreateM3uLine() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createM3uLine,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: m3uLinesQueryKey }),
  })
}
