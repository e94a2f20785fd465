import { isNetworkError, serverMessageOf } from '@/lib/api-client'

/** What to tell the admin when an account change failed in a way no field explains. */
export function failureMessage(error: unknown): string {
  if (isNetworkError(error))
    return 'Could not reach the server. Check your connection and try again.'
  return serverMessageOf(error) ?? 'Something went wrong. Please try again.'
}
