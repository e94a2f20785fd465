import { CreditCard } from 'lucide-react'
import type { ReactNode } from 'react'
import type { PersonView } from '@common/people'
import { SectionCard } from '@/components/section-card'
import { formatDateTime, formatMoney, formatShortDate } from '@/lib/format'
import { useNow } from '@/lib/use-now'
import { cn } from '@/lib/utils'
import { formatTimeLeft } from '../countdown'

type FigureProps = { label: string; className?: string; children: ReactNode }

function Figure({ label, className, children }: FigureProps) {
  return (
    <div className={cn('grid content-start gap-0.5', className)}>
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="font-medium break-words tabular-nums">{children}</dd>
    </div>
  )
}

/** Time left of a running trial, to the second. */
function TrialCountdown({ endsAt }: { endsAt: string }) {
  const now = useNow(1_000)
  const left = formatTimeLeft(endsAt, now)
  return (
    <Figure label="Trial ends" className="col-span-2">
      {/* The clock ticks every second: announcing each tick would drown a screen reader. */}
      <span className="block text-2xl font-semibold">{left ?? 'Ended'}</span>
      <span className="text-xs font-normal text-muted-foreground">
        {left ? 'left, until ' : ''}
        <time dateTime={endsAt}>{formatDateTime(endsAt)}</time>
      </span>
    </Figure>
  )
}

type PersonSubscriptionProps = {
  view: PersonView
  /** The subscription status badge, and the follow-up stage editor. */
  status: ReactNode
  stage: ReactNode
}

/** Where the person stands: trial countdown or subscription period, plan and price. */
export function PersonSubscription({ view, status, stage }: PersonSubscriptionProps) {
  const { person, trialEndsAt } = view
  const { subscriptionStartDate: start, subscriptionEndDate: end } = person
  return (
    <SectionCard title="Subscription" icon={CreditCard} action={status}>
      <dl className="grid grid-cols-2 gap-x-6 gap-y-4 sm:grid-cols-4">
        {trialEndsAt ? (
          <TrialCountdown endsAt={trialEndsAt} />
        ) : (
          <Figure label="Subscription period" className="col-span-2">
            {start && end ? `${formatShortDate(start)} – ${formatShortDate(end)}` : 'None'}
          </Figure>
        )}
        <Figure label="Trial plan">{person.plan}</Figure>
        <Figure label="Paid plan">
          {person.paidPlan ?? 'None'}
          {person.subscriptionPrice && (
            <span className="block text-sm font-normal text-muted-foreground">
              {formatMoney(person.subscriptionPrice)}
            </span>
          )}
        </Figure>
        <Figure label="Subscription ID">{person.subscriptionId}</Figure>
        <div className="col-span-2 grid content-start gap-1 sm:col-span-3">
          <dt className="text-xs text-muted-foreground">Follow-up stage</dt>
          <dd className="max-w-52">{stage}</dd>
        </div>
      </dl>
    </SectionCard>
  )
}
