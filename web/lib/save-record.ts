import type { UseMutationResult } from '@tanstack/react-query'
import { conflictMessageOf } from './conflict-message'
import { resultToasts } from './result-toasts'

type Outcome = { success: string; failure: string }

type SaveRecordOptions<TInput> = {
  create: UseMutationResult<unknown, Error, TInput>
  update: UseMutationResult<unknown, Error, { id: string; input: TInput }>
  /** The record being edited; undefined when a new one is created. */
  id: string | undefined
  /** The spec's toasts for each way of saving. */
  created: Outcome
  updated: Outcome
  onSaved: () => void
  /** Shows the server's 409 message on the field that must be unique. */
  onConflict?: (message: string) => void
}

/** Sends a create/edit dialog's values to the matching mutation and announces the outcome. */
export function saveRecord<TInput>(input: TInput, options: SaveRecordOptions<TInput>) {
  const { create, update, id, created, updated, onSaved, onConflict } = options
  const toasts = (outcome: Outcome) =>
    resultToasts({
      ...outcome,
      onSuccess: onSaved,
      onError: (error) => {
        const conflict = conflictMessageOf(error)
        if (conflict) onConflict?.(conflict)
      },
    })
  if (id === undefined) create.mutate(input, toasts(created))
  else update.mutate({ id, input }, toasts(updated))
}
