import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { PersonLine, SupplierKeyInput } from '@common/person-lines'
import { apiRequest } from '@/lib/api-client'
import { personLinePath, personLinesQueryKey } from './get-person-line'

export type CreatedPersonLine = { line: PersonLine; isNew: boolean; isChecking: boolean }

/**
 * Makes the person's line: a trial line for a trial, a paid line for a subscriber. Asked again it
 * answers 200 with the line already made; 202 when the panel did not answer in time (the line is
 * `checking`, settled by the server); 502/504 carry the panel's own words.
 */
export async function createPersonLine(
  personId: string,
  input: SupplierKeyInput,
): Promise<CreatedPersonLine> {
  const response = await apiRequest('POST', personLinePath(personId), input)
  return {
    line: (await response.json()) as PersonLine,
    isNew: response.status === 201,
    isChecking: response.status === 202,
  }
}

export function useCreatePersonLine(personId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: SupplierKeyInput) => createPersonLine(personId, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: personLinesQueryKey }),
  })
}
