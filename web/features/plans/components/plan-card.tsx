import { Check } from 'lucide-react'
import { Link } from 'wouter'
import { accountRenewPath } from '@common/customer-account'
import { perMonthPrice, planBadge, planPriceLabel, type PlanBadge } from '@common/plan-rules'
import type { Plan } from '@common/plans'
import { StartTrialButton } from '@/components/start-trial-button'
import { Button } from '@/components/ui/button'
import { useIsSignedInCustomer } from '@/lib/signed-in-customer'
import { cn } from '@/lib/utils'

function PlanRibbon({ badge }: { badge: PlanBadge }) {
  return (
    <p
      className={cn(
        'absolute -top-3 left-6 flex items-center gap-1.5 rounded-full px-3 py-1 text-xs font-semibold shadow-sm',
        badge.label === 'Best Value'
          ? 'bg-emerald-700 text-white dark:bg-emerald-300 dark:text-emerald-950'
          : 'bg-primary text-primary-foreground',
      )}
    >
      {badge.label}
      {badge.label === 'Best Value' && <span aria-hidden>·</span>}
      {badge.label === 'Best Value' && badge.saving}
    </p>
  )
}

/**
 * A plan with its price, per-month price, features and a trial button with the plan chosen; a
 * signed-in customer, who has had their trial, chooses it on their own page's renew panel.
 */
export function PlanCard({ plan, headingAs: Heading }: { plan: Plan; headingAs: 'h2' | 'h3' }) {
  const isSignedIn = useIsSignedInCustomer()
  // "Starter - $9.99/month" with the name emphasised: the label is the name plus its price.
  const priceSuffix = planPriceLabel(plan).slice(plan.name.length)
  const badge = planBadge(plan)
  return (
    <article
      aria-label={plan.name}
      className={cn(
        'relative flex flex-col rounded-2xl border bg-card p-6 pt-8 text-card-foreground shadow-sm transition-shadow hover:shadow-md',
        badge?.label === 'Best Value' && 'border-primary/60 ring-1 ring-primary/40',
      )}
    >
      {badge && <PlanRibbon badge={badge} />}
      <div className="flex-1">
        <Heading className="text-base leading-snug">
          <span className="font-semibold">{plan.name}</span>
          <span className="text-muted-foreground">{priceSuffix}</span>
        </Heading>
        <p className="mt-4 flex items-baseline gap-1">
          <span className="text-4xl font-extrabold tracking-tight">${perMonthPrice(plan)}</span>
          <span className="text-sm text-muted-foreground">/month</span>
        </p>
        {plan.description && (
          <p className="mt-3 text-sm text-muted-foreground">{plan.description}</p>
        )}
        {plan.features.length > 0 && (
          <ul className="mt-5 flex flex-col gap-2.5 text-sm">
            {/* Features are free text from the Business Center: two may be the same. */}
            {plan.features.map((feature, index) => (
              <li key={index} className="flex items-start gap-2">
                <Check className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden />
                {feature}
              </li>
            ))}
          </ul>
        )}
      </div>
      {isSignedIn ? (
        <Button asChild variant={badge ? 'default' : 'outline'} className="mt-6 w-full">
          <Link href={accountRenewPath(plan.id)}>
            Choose this plan<span className="sr-only">: {plan.name}, in My account</span>
          </Link>
        </Button>
      ) : (
        <StartTrialButton
          planName={plan.name}
          variant={badge ? 'default' : 'outline'}
          className="mt-6 w-full"
        >
          Start Free Trial<span className="sr-only"> with {plan.name}</span>
        </StartTrialButton>
      )}
    </article>
  )
}
