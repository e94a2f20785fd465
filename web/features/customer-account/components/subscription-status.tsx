import { CalendarClock, RefreshCw } from 'lucide-react'
import type { CustomerAccount } from '@common/customer-account'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Card, CardContent } from '@/components/ui/card'
import { formatDate, formatZonedDateTime } from '@/lib/format'
import { daysLeft } from './days-left'

type Subscription = CustomerAccount['subscription']

/**
 * What the status means to the customer, and what to press next. The login is promised to stay
 * only when there is one: without it, the page says it is on its way (account-page).
 */
function wordsFor(subscription: Subscription, hasLogin: boolean, days: number | null) {
  const isOver =
    subscription.status === 'expired' || subscription.status === 'cancelled' || days === 0
  if (isOver) {
    return {
      badge: 'Ended',
      line: hasLogin
        ? 'Your access has ended. Come back any time: same login, same devices.'
        : 'Your access has ended. Come back any time.',
      action: 'Come back',
      isUrgent: true,
    }
  }
  if (subscription.isTrial) {
    return {
      badge: 'Free trial',
      line: hasLogin
        ? 'Choose a plan to keep your channels after the trial: your login stays the same.'
        : 'Choose a plan to keep your channels after the trial.',
      action: 'Choose a plan',
      isUrgent: true,
    }
  }
  return {
    badge: 'Active',
    line: 'Renew before the end and keep watching without a break.',
    action: 'Renew',
    isUrgent: days !== null && days <= 7,
  }
}

/** The first thing on the page: the plan, its end, the days left and the call to renew. */
export function SubscriptionStatus({
  subscription,
  hasLogin,
  now,
  onRenew,
}: {
  subscription: Subscription
  /** The customer has a login to keep (their line is made). */
  hasLogin: boolean
  now: Date
  onRenew: () => void
}) {
  const days = daysLeft(subscription.endsAt, now)
  const words = wordsFor(subscription, hasLogin, days)
  return (
    <Card>
      <CardContent className="grid gap-4 pt-6">
        <div className="flex flex-wrap items-center gap-2">
          <h2 className="text-xl font-bold">{subscription.planName}</h2>
          <Badge
            variant={
              words.badge === 'Ended' ? 'destructive' : words.isUrgent ? 'accent' : 'default'
            }
          >
            {words.badge}
          </Badge>
        </div>
        {subscription.endsAt && (
          <p className="flex items-center gap-2 text-base">
            <CalendarClock className="size-5 shrink-0 text-primary" aria-hidden />
            <span>
              {days ? (
                <>
                  <strong className="text-2xl">{days}</strong> day{days === 1 ? '' : 's'} left ·
                  ends{' '}
                  {/* A trial lasts hours: its end is said to the minute, in their own zone. */}
                  <time dateTime={subscription.endsAt}>
                    {subscription.isTrial
                      ? formatZonedDateTime(subscription.endsAt)
                      : formatDate(subscription.endsAt)}
                  </time>
                </>
              ) : (
                <>Ended {formatDate(subscription.endsAt)}</>
              )}
            </span>
          </p>
        )}
        <p className="text-sm text-muted-foreground">{words.line}</p>
        <Button size="lg" className="w-full sm:w-fit" onClick={onRenew}>
          <RefreshCw aria-hidden />
          {words.action}
        </Button>
      </CardContent>
    </Card>
  )
}
