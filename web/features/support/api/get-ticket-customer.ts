import { queryOptions, useQuery } from '@tanstack/react-query'
import type { PersonView } from '@common/people'
import type { PersonLine } from '@common/person-lines'
import type { TrialRequest } from '@common/trial-requests'
import { ApiError, apiJson } from '@/lib/api-client'

/** Who wrote a ticket, as far as the Business Center knows them: their record and line. */
export type TicketCustomer = { view: PersonView; line: PersonLine | null }

const personPath = (id: string) => `/api/people/${encodeURIComponent(id)}`

async function getPersonLine(personId: string, signal?: AbortSignal): Promise<PersonLine | null> {
  try {
    return await apiJson<PersonLine>(
      'GET',
      `/api/trial-requests/${encodeURIComponent(personId)}/line`,
      undefined,
      signal,
    )
  } catch (error) {
    // 404: this person has no line yet.
    if (error instanceof ApiError && error.status === 404) return null
    throw error
  }
}

/**
 * The customer behind a ticket's e-mail (its newest trial request, found by exact e-mail), with
 * their subscription, tickets and line; null when the e-mail belongs to nobody we know.
 */
export async function getTicketCustomer(
  email: string,
  signal?: AbortSignal,
): Promise<TicketCustomer | null> {
  // An e-mail is matched exactly (not as words), newest request first.
  const search = new URLSearchParams({ q: email, limit: '1' })
  const [person] = await apiJson<TrialRequest[]>(
    'GET',
    `/api/trial-requests?${search}`,
    undefined,
    signal,
  )
  if (!person) return null
  const [view, line] = await Promise.all([
    apiJson<PersonView>('GET', personPath(person.id), undefined, signal),
    getPersonLine(person.id, signal),
  ])
  return { view, line }
}

export function getTicketCustomerQueryOptions(email: string) {
  return queryOptions({
    queryKey: ['support-ticket-customer', email.toLowerCase()] as const,
    queryFn: ({ signal }) => getTicketCustomer(email, signal),
  })
}

export function useTicketCustomer(email: string) {
  return useQuery(getTicketCustomerQueryOptions(email))
}
