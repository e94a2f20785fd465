import { ExternalLink, UserRound } from 'lucide-react'
import type { ReactNode } from 'react'
import { Link } from 'wouter'
import { personLineStatusLabels } from '@common/person-lines'
import { adminPaths } from '@common/routes'
import type { SupportTicket } from '@common/support'
import { StatusBadge } from '@/components/ticket-badges'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Skeleton } from '@/components/ui/skeleton'
import { formatDateTime } from '@/lib/format'
import type { TicketCustomer } from '../api/get-ticket-customer'

const subscriptionLabels = {
  trial: 'Trial',
  active: 'Active subscription',
  expired: 'Expired',
  cancelled: 'Cancelled',
} as const

type CustomerPanelProps = {
  ticket: SupportTicket
  customer: TicketCustomer | null | undefined
  isError: boolean
  onRetry: () => void
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[6rem_1fr] gap-2 text-sm">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </div>
  )
}

/** Who the customer is: their trial or subscription, line, earlier tickets, and their view. */
export function CustomerPanel({ ticket, customer, isError, onRetry }: CustomerPanelProps) {
  const person = customer?.person
  const endsAt = person?.subscriptionEndDate ?? customer?.trialEndsAt ?? null
  const earlierTickets = customer?.tickets.filter((other) => other.id !== ticket.id) ?? []
  return (
    <div className="grid content-start gap-5 p-4">
      <div className="grid gap-1">
        <h3 className="flex items-center gap-2 font-semibold">
          <UserRound className="size-4 text-muted-foreground" aria-hidden />
          <span className="min-w-0 break-words">{ticket.customerName}</span>
        </h3>
        <p className="text-sm break-all text-muted-foreground">{ticket.customerEmail}</p>
      </div>
      {customer === undefined ? (
        isError ? (
          <div role="alert" className="grid justify-items-start gap-2 text-sm">
            <p className="text-muted-foreground">Their details could not be loaded.</p>
            <Button variant="outline" size="sm" onClick={onRetry}>
              Try again
            </Button>
          </div>
        ) : (
          <div className="grid gap-2" aria-busy="true" aria-label="Loading customer">
            <Skeleton className="h-5" />
            <Skeleton className="h-5" />
            <Skeleton className="h-5" />
          </div>
        )
      ) : !person ? (
        <p className="text-sm text-muted-foreground">
          No trial or subscription uses this e-mail address.
        </p>
      ) : (
        <>
          <section aria-labelledby="customer-plan-heading" className="grid gap-2">
            <h4 id="customer-plan-heading" className="text-xs font-semibold uppercase">
              {person.subscriptionStatus === 'trial' ? 'Trial' : 'Subscription'}
            </h4>
            <dl className="grid gap-1.5">
              <Field label="Status">
                <Badge variant="secondary">{subscriptionLabels[person.subscriptionStatus]}</Badge>
              </Field>
              <Field label="Plan">
                {person.paidPlan ?? person.plan}
                {person.subscriptionPrice && ` · ${person.subscriptionPrice}`}
              </Field>
              {endsAt && <Field label="Ends">{formatDateTime(endsAt)}</Field>}
            </dl>
          </section>
          {customer.line && (
            <section aria-labelledby="customer-line-heading" className="grid gap-2">
              <h4 id="customer-line-heading" className="text-xs font-semibold uppercase">
                Line
              </h4>
              <dl className="grid gap-1.5">
                <Field label="Username">
                  <code className="font-mono text-xs">{customer.line.username}</code>
                </Field>
                <Field label="Status">
                  {personLineStatusLabels[customer.line.status]}
                  {customer.line.isTrial && ' (trial)'}
                </Field>
                {customer.line.expiresAt && (
                  <Field label="Expires">{formatDateTime(customer.line.expiresAt)}</Field>
                )}
              </dl>
            </section>
          )}
          <section aria-labelledby="customer-tickets-heading" className="grid gap-2">
            <h4 id="customer-tickets-heading" className="text-xs font-semibold uppercase">
              Earlier tickets
            </h4>
            {earlierTickets.length === 0 ? (
              <p className="text-sm text-muted-foreground">None.</p>
            ) : (
              <ul className="grid gap-1">
                {earlierTickets.map((other) => (
                  <li key={other.id} className="flex min-w-0 items-center gap-2 text-sm">
                    <Link
                      href={adminPaths.ticket(other.id)}
                      className="min-w-0 flex-1 truncate rounded-sm underline-offset-2 outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/60"
                    >
                      {other.subject}
                    </Link>
                    <StatusBadge status={other.status} className="shrink-0" />
                  </li>
                ))}
              </ul>
            )}
          </section>
          <Button asChild variant="outline" size="sm" className="w-fit">
            <Link href={adminPaths.person(person.id)}>
              <ExternalLink aria-hidden />
              Open customer view
            </Link>
          </Button>
        </>
      )}
    </div>
  )
}
