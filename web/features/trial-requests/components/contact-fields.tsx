import { Link } from 'wouter'
import { adminPaths } from '@common/routes'
import type { TrialRequest } from '@common/trial-requests'
import { formatMoney, formatShortDate } from '@/lib/format'
import { ContactChannels } from './contact-channels'
import { FollowUpStageBadge } from './follow-up-stage'
import { SubscriptionStatusBadge } from './subscription-status-badge'
import { TrustBadge } from './trust-badge'

/** A dash for sighted readers, "None" for screen readers. */
function NoValue() {
  return (
    <span className="text-muted-foreground">
      <span aria-hidden>—</span>
      <span className="sr-only">None</span>
    </span>
  )
}

type FieldProps = { request: TrialRequest }

/** How often the same person asked for a trial again while this request was open. */
function AskedAgain({ request }: FieldProps) {
  const { askedAgainCount: count, lastAskedAt } = request
  if (count === 0 || !lastAskedAt) return null
  return (
    <span className="text-xs text-muted-foreground">
      Asked again ×{count}, last {formatShortDate(lastAskedAt)}
    </span>
  )
}

/**
 * Name (a link to the person's customer view), e-mail (cut short, whole in its tooltip), when the
 * request came in, its trust and whether the person asked again.
 */
export function ContactIdentity({ request }: FieldProps) {
  return (
    <div className="min-w-0">
      <Link
        href={adminPaths.person(request.id)}
        className="rounded-sm font-medium text-primary underline-offset-4 outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/60"
      >
        {request.name}
      </Link>
      <div className="max-w-44 truncate text-xs text-muted-foreground" title={request.email}>
        {request.email}
      </div>
      <div className="text-xs text-muted-foreground">
        Requested {formatShortDate(request.createdAt)}
      </div>
      <div className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 empty:hidden">
        <TrustBadge request={request} />
        <AskedAgain request={request} />
      </div>
    </div>
  )
}

export function ContactStatus({ request }: FieldProps) {
  return <SubscriptionStatusBadge status={request.subscriptionStatus} />
}

export function FollowUpStage({ request }: FieldProps) {
  return <FollowUpStageBadge stage={request.status} />
}

/** The paid plan and, under it, its price; a dash while on trial. */
export function PaidPlan({ request }: FieldProps) {
  if (!request.paidPlan) return <NoValue />
  return (
    <>
      <div className="font-medium">{request.paidPlan}</div>
      {request.subscriptionPrice && (
        <div className="text-xs text-muted-foreground tabular-nums">
          {formatMoney(request.subscriptionPrice)}
        </div>
      )}
    </>
  )
}

export function SubscriptionPeriod({ request }: FieldProps) {
  const { subscriptionStartDate: start, subscriptionEndDate: end } = request
  if (!start || !end) return <NoValue />
  return (
    <div className="whitespace-nowrap">
      <div>{formatShortDate(start)}</div>
      <div className="text-xs text-muted-foreground">to {formatShortDate(end)}</div>
    </div>
  )
}

/** Telegram and WhatsApp links, or a dash. */
export function ContactHandles({ request }: FieldProps) {
  if (!request.telegram && !request.whatsapp) return <NoValue />
  return <ContactChannels telegram={request.telegram} whatsapp={request.whatsapp} />
}
