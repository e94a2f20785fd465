import { queryOptions, useQuery } from '@tanstack/react-query'
import type { PersonView } from '@common/people'
import type { TrialRequest } from '@common/trial-requests'
import { apiJson } from '@/lib/api-client'

/** Who wrote a ticket, as far as the Business Center knows them: their record and line. */
export type TicketCustomer = PersonView

const personPath = (id: string) => `/api/people/${encodeURIComponent(id)}`

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
  return apiJson<PersonView>('GET', personPath(person.id), undefined, signal)
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
