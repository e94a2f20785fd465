import {
  lineCheckingMessage,
  personLineStatusLabels,
  type SupplierKeyInput,
} from '@common/person-lines'
import { serverMessageOf } from '@/lib/api-client'
import { showToast } from '@/lib/toast'
import { useCreatePersonLine } from './create-person-line'

/**
 * The person's create-line request with what it ended in said in a toast: made, checking with the
 * panel (it did not answer in time), or failed in the panel's words.
 */
export function useCreateLine(personId: string, keyInput: SupplierKeyInput) {
  const create = useCreatePersonLine(personId)
  const run = () =>
    create.mutate(keyInput, {
      onSuccess: ({ line, isChecking }) =>
        showToast(
          isChecking
            ? {
                title: personLineStatusLabels.checking,
                description: lineCheckingMessage,
                variant: 'neutral',
              }
            : { title: 'Line created', description: line.m3uUrl },
        ),
      onError: (error) =>
        showToast({
          title: 'Failed to create M3U line',
          description: serverMessageOf(error),
          variant: 'destructive',
        }),
    })
  return { create, run }
}
