import { useState } from 'react'
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form'
import { isNetworkError, serverMessageOf } from '@/lib/api-client'
import { showServerFieldErrors } from '@/lib/form-errors'

/**
 * A dialog form's refusal: the server's message on the field it names (a 400), else above the
 * buttons (a 404, 409, 503…), so the admin can correct it without losing what they typed.
 */
export function useFormFailure<T extends FieldValues>(
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
) {
  const [message, setMessage] = useState<string>()
  const handleFailure = (error: unknown) => {
    if (showServerFieldErrors(error, setError, fields)) return setMessage(undefined)
    setMessage(
      isNetworkError(error)
        ? 'The server could not be reached. Check the connection and try again.'
        : (serverMessageOf(error) ?? 'Something went wrong. Try again.'),
    )
  }
  return { message, handleFailure, clear: () => setMessage(undefined) }
}
