import { ApiError } from './api-client'

/** The server's message when it refused a duplicate (409), to show on the field that clashed. */
export function conflictMessageOf(error: unknown): string | undefined {
  return error instanceof ApiError && error.status === 409 ? error.serverMessage : undefined
}
