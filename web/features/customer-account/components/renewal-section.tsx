import { CreditCard, RefreshCw } from 'lucide-react'
import { useEffect, useState } from 'react'
import { useLocation, useSearch } from 'wouter'
import type { CustomerAccount } from '@common/customer-account'
import { cardSessionParam } from '@common/renewals'
import { FormAlert } from '@/components/form-alert'
import { SectionCard } from '@/components/section-card'
import { Button } from '@/components/ui/button'
import { Label } from '@/components/ui/label'
import { Switch } from '@/components/ui/switch'
import { serverMessageOf } from '@/lib/api-client'
import { formatDate } from '@/lib/format'
import { useCardReturn, useRenewalChoice, useUpdateCard } from '../api/renewal'
import { PlanChangeForm } from './plan-change-form'
import { RenewalOffForm } from './renewal-off-form'
import { cardText, renewalStateText } from './renewal-words'

type RenewalSectionProps = Pick<CustomerAccount, 'renewal' | 'subscription' | 'plans'> & {
  /** Cards are saved at Stripe: without it there is no card to show or update. */
  hasCards: boolean
}

const errorText = (error: unknown) =>
  error ? (serverMessageOf(error) ?? 'We could not reach the server. Try again.') : undefined

/** Back from Stripe's setup page: the card is saved now, and the address loses the page's id. */
function useCardSessionReturn() {
  const params = new URLSearchParams(useSearch())
  const sessionId = params.get(cardSessionParam)
  const [location, navigate] = useLocation()
  const cardReturn = useCardReturn()
  const { mutate } = cardReturn
  useEffect(() => {
    if (!sessionId) return
    mutate(sessionId)
    navigate(location, { replace: true })
  }, [sessionId, mutate, navigate, location])
  return cardReturn
}

/**
 * "Automatic renewal" on /account: the switch (off asks why and may offer a code once), the card
 * with "Update card", the next charge or a failing card, and "Change plan".
 */
export function RenewalSection({ renewal, subscription, plans, hasCards }: RenewalSectionProps) {
  const [isTurningOff, setIsTurningOff] = useState(false)
  const choice = useRenewalChoice()
  const updateCard = useUpdateCard()
  const cardReturn = useCardSessionReturn()
  const endsAt = subscription.endsAt
  const state = renewalStateText(renewal, endsAt)
  const isFailing = renewal.lastFailure !== null || (renewal.autoRenew && !renewal.paymentMethod)

  return (
    <SectionCard title="Automatic renewal" icon={RefreshCw}>
      <div className="flex items-center justify-between gap-4">
        <Label htmlFor="auto-renew" className="grid gap-1">
          <span className="font-medium">Renew automatically</span>
          <span className="text-sm font-normal text-muted-foreground">
            {renewal.autoRenew
              ? 'Your card is charged at the end of each period until you turn this off.'
              : endsAt
                ? `Off: your line stays on until ${formatDate(endsAt)}, and nothing more is charged.`
                : 'Off: nothing is charged.'}
          </span>
        </Label>
        <Switch
          id="auto-renew"
          checked={renewal.autoRenew && !isTurningOff}
          disabled={choice.isPending || (!renewal.autoRenew && !hasCards)}
          onCheckedChange={(checked) => {
            if (checked) choice.mutate({ autoRenew: true })
            else setIsTurningOff(true)
          }}
        />
      </div>
      <FormAlert message={errorText(choice.error)} />
      {isTurningOff && <RenewalOffForm endsAt={endsAt} onDone={() => setIsTurningOff(false)} />}
      {state && (
        <p
          className={isFailing ? 'rounded-lg border border-destructive/40 p-3 text-sm' : 'text-sm'}
          role={isFailing ? 'alert' : undefined}
        >
          {state}
        </p>
      )}
      {renewal.scheduledPlan && (
        <p className="text-sm">
          {renewal.autoRenew
            ? `From ${formatDate(renewal.scheduledPlan.from)} you move to ${renewal.scheduledPlan.name}.`
            : `${renewal.scheduledPlan.name} is chosen for your next automatic renewal: turn automatic renewal on to move to it on ${formatDate(renewal.scheduledPlan.from)}.`}
        </p>
      )}
      {hasCards && (
        <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg border p-3">
          <span className="flex items-center gap-2 text-sm" data-testid="renewal-card">
            <CreditCard className="size-4 text-primary" aria-hidden />
            {renewal.paymentMethod ? cardText(renewal.paymentMethod) : 'No card saved'}
          </span>
          <Button
            variant="outline"
            size="sm"
            onClick={() => updateCard.mutate()}
            disabled={updateCard.isPending}
          >
            {renewal.paymentMethod ? 'Update card' : 'Add a card'}
          </Button>
        </div>
      )}
      {cardReturn.isSuccess && (
        <p role="status" className="text-sm">
          Your new card is saved.
        </p>
      )}
      <FormAlert message={errorText(updateCard.error) ?? errorText(cardReturn.error)} />
      {!subscription.isTrial && plans.length > 1 && (
        <PlanChangeForm
          plans={plans}
          currentPlanId={renewal.planId ?? subscription.renewPlanId}
          endsAt={endsAt}
          autoRenew={renewal.autoRenew}
        />
      )}
    </SectionCard>
  )
}
