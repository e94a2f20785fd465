import { serverMessageOf } from './api-client'
import { showToast } from './toast'

type ResultToastsOptions<T> = {
  /** The success toast's title, in the spec's words ('Plan created successfully'). */
  success: string
  /** The destructive toast's title; the server's message, when it sent one, is its second line. */
  failure: string
  /** The success toast's second line, from what the mutation answered. */
  describe?: (data: T) => string | undefined
  onSuccess?: (data: T) => void
  onError?: (error: unknown) => void
}

/** A mutation's onSuccess and onError that announce the outcome with the spec's toasts. */
export function resultToasts<T = unknown>({
  success,
  failure,
  describe,
  onSuccess,
  onError,
}: ResultToastsOptions<T>) {
  return {
    onSuccess: (data: T) => {
      showToast({ title: success, description: describe?.(data) })
      onSuccess?.(data)
    },
    onError: (error: unknown) => {
      showToast({ title: failure, description: serverMessageOf(error), variant: 'destructive' })
      onError?.(error)
    },
  }
}
