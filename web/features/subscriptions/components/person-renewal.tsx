import { RefreshCcw, RotateCw } from 'lucide-react'
import type { ReactNode } from 'react'
import { cardLabel, type RenewalStatus, type StaffRenewal } from '@common/renewals'
import { ConfirmButton } from '@/components/confirm-button'
import { SectionCard } from '@/components/section-card'
import { ToneBadge, type Tone } from '@/components/tone-badge'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { formatDate, formatDateTime, formatMoneyIn } from '@/lib/format'
import { useRetryRenewal, useTurnOffRenewal } from '../api/renewal-actions'

const statusWords: Record<RenewalStatus, { label: string; tone: Tone | null }> = {
  active: { label: 'On', tone: 'good' },
  retrying: { label: 'Retrying a declined card', tone: 'fair' },
  past_due: { label: 'Past due, line off', tone: 'poor' },
  off: { label: 'Off', tone: null },
}

function RenewalStatusBadge({ status }: { status: RenewalStatus }) {
  const { label, tone } = statusWords[status]
  return tone ? (
    <ToneBadge tone={tone}>{label}</ToneBadge>
  ) : (
    <Badge variant="secondary">{label}</Badge>
  )
}

/** "Visa •••• 4242 · expires 04/31", or what became of it. */
function cardText(renewal: StaffRenewal): string {
  const card = renewal.paymentMethod
  if (card) {
    const expiry = `${String(card.expMonth).padStart(2, '0')}/${String(card.expYear).slice(-2)}`
    return `${cardLabel(card)} · expires ${expiry}`
  }
  if (renewal.cardRemovedAt) return `Card removed in Stripe on ${formatDate(renewal.cardRemovedAt)}`
  return 'No saved card'
}

/** When and how much: the end's charge, or a declined renewal's next try. */
function nextChargeText({ nextChargeAt, nextAttemptAt, amount, currency }: StaffRenewal): string {
  const money = amount && currency ? ` · ${formatMoneyIn(amount, currency)}` : ''
  if (nextChargeAt) return `${formatDate(nextChargeAt)}${money}`
  if (nextAttemptAt) return `Next try ${formatDateTime(nextAttemptAt)}${money}`
  return 'None'
}

function Figure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid content-start gap-0.5">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="font-medium break-words tabular-nums">{children}</dd>
    </div>
  )
}

function Attempts({ attempts }: { attempts: StaffRenewal['attempts'] }) {
  return (
    <section aria-label="Attempts" className="grid gap-2">
      <h3 className="text-sm font-medium">Attempts</h3>
      <ol className="grid gap-2">
        {attempts.map((attempt) => (
          <li key={attempt.number} className="rounded-lg border bg-muted/30 p-3 text-sm">
            <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
              <span className="font-medium">Attempt {attempt.number}</span>
              <time dateTime={attempt.at} className="text-muted-foreground">
                {formatDateTime(attempt.at)}
              </time>
              <span>
                {attempt.outcome === 'declined'
                  ? 'Declined'
                  : attempt.outcome === 'succeeded'
                    ? 'Paid'
                    : 'Waiting for Stripe'}
              </span>
              {attempt.code && <code className="rounded bg-muted px-1">{attempt.code}</code>}
            </p>
            {attempt.message && <p className="mt-1 text-muted-foreground">{attempt.message}</p>}
          </li>
        ))}
      </ol>
    </section>
  )
}

type PersonRenewalProps = { personId: string; personName: string; renewal: StaffRenewal }

/**
 * 'Automatic renewal' on a person's page: whether it is on and how it stands, the card, the next
 * charge, a plan scheduled for the next period, this period's attempts with their decline codes,
 * and staff's two actions: turn it off (asked first), and charge a declined renewal now.
 */
export function PersonRenewal({ personId, personName, renewal }: PersonRenewalProps) {
  const turnOff = useTurnOffRenewal()
  const retry = useRetryRenewal()
  const canRetry = renewal.status === 'retrying' || renewal.status === 'past_due'
  return (
    <SectionCard
      title="Automatic renewal"
      icon={RefreshCcw}
      action={<RenewalStatusBadge status={renewal.status} />}
    >
      <dl className="grid grid-cols-1 gap-x-6 gap-y-4 sm:grid-cols-2">
        <Figure label="Card">{cardText(renewal)}</Figure>
        <Figure label="Next charge">{nextChargeText(renewal)}</Figure>
        {renewal.scheduledPlan && (
          <Figure label="Scheduled plan">
            {renewal.scheduledPlan.name} from {formatDate(renewal.scheduledPlan.from)}
          </Figure>
        )}
        {renewal.lastFailure && (
          <Figure label="Last decline">
            <code>{renewal.lastFailure.code}</code>
            <span className="block text-sm font-normal text-muted-foreground">
              {renewal.lastFailure.message}
            </span>
          </Figure>
        )}
      </dl>
      {renewal.attempts.length > 0 && <Attempts attempts={renewal.attempts} />}
      {(renewal.autoRenew || canRetry) && (
        <div className="flex flex-wrap gap-2">
          {canRetry && (
            <Button
              variant="outline"
              disabled={retry.isPending}
              onClick={() => retry.mutate(personId)}
            >
              <RotateCw aria-hidden />
              Retry now
            </Button>
          )}
          {renewal.autoRenew && (
            <ConfirmButton
              title="Turn off automatic renewal?"
              description={`${personName} keeps the line until the end of the paid period and is charged nothing more.`}
              confirmLabel="Turn off renewal"
              onConfirm={() => turnOff.mutate(personId)}
            >
              <Button variant="outline" disabled={turnOff.isPending}>
                Turn off renewal
              </Button>
            </ConfirmButton>
          )}
        </div>
      )}
    </SectionCard>
  )
}
