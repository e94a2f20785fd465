import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { PersonErasure, PersonEraseInput } from '@common/privacy'
import { apiJson } from '@/lib/api-client'
import { resultToasts } from '@/lib/result-toasts'
import { personViewPath, personViewQueryKey } from './get-person-view'

export function erasePerson(personId: string, input: PersonEraseInput): Promise<PersonErasure> {
  return apiJson<PersonErasure>('POST', `${personViewPath(personId)}/erase`, input)
}

const lineOutcomes: Record<PersonErasure['line'], string | undefined> = {
  none: undefined,
  disabled: 'Their line is disabled on the supplier panel.',
  pending: 'Their line will be disabled on the supplier panel as soon as it answers.',
}

export function useErasePerson(personId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: PersonEraseInput) => erasePerson(personId, input),
    ...resultToasts<PersonErasure>({
      success: 'Person erased',
      failure: 'Failed to erase the person',
      describe: (erasure) => lineOutcomes[erasure.line],
      onSuccess: () => void queryClient.invalidateQueries({ queryKey: personViewQueryKey }),
    }),
  })
}
