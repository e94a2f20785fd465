import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { PersonLine, SupplierKeyInput } from '@common/person-lines'
import { apiRequest } from '@/lib/api-client'
import { personLinePath, personLinesQueryKey } from './get-person-line'

export type LineChange = 'disable' | 'enable' | 'reset-password'

/**
 * Disables, enables or resets the password of the person's line. The change is kept even when
 * the panel does not take it at once (202): it is retried until it lands.
 */
export async function changePersonLine(
  personId: string,
  change: LineChange,
  input: SupplierKeyInput,
): Promise<PersonLine> {
  const response = await apiRequest('POST', `${personLinePath(personId)}/${change}`, input)
  return (await response.json()) as PersonLine
}

export function useChangePersonLine(personId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ change, input }: { change: LineChange; input: SupplierKeyInput }) =>
      changePersonLine(personId, change, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: personLinesQueryKey }),
  })
}
