import type { FieldValues, Path, UseFormSetError } from 'react-hook-form'
import { fieldIssuesOf } from './api-client'

/**
 * Puts the server's messages for `fields` (a 400 naming them) on the form's controls and focuses
 * the first; false when the answer named none of them, so the caller announces it otherwise.
 */
export function showServerFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
): boolean {
  const issues = fieldIssuesOf(error, fields)
  let hasShown = false
  for (const field of fields) {
    const message = issues[field]
    if (message === undefined) continue
    setError(field, { message }, { shouldFocus: !hasShown })
    hasShown = true
  }
  return hasShown
}
