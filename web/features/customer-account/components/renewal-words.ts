import { cardLabel, type Renewal, type SavedCard } from '@common/renewals'
import { formatDate, formatMoneyIn } from '@/lib/format'

/** "Visa •••• 4242 · expires 04/31". */
export function cardText(card: SavedCard): string {
  const month = String(card.expMonth).padStart(2, '0')
  return `${cardLabel(card)} · expires ${month}/${String(card.expYear).slice(-2)}`
}

/**
 * What the renewal will do next, in one sentence that tells the truth of its state; null when
 * there is nothing to say (off, or nothing to charge yet).
 */
export function renewalStateText(renewal: Renewal, endsAt: string | null): string | null {
  if (!renewal.autoRenew) return null
  const failure = renewal.lastFailure
  if (failure && renewal.status === 'past_due') {
    return `Your card was declined on ${formatDate(failure.at)}: ${failure.message} Your line is off until you update your card.`
  }
  if (failure) {
    const next = renewal.nextAttemptAt
      ? `We'll try again on ${formatDate(renewal.nextAttemptAt)}.`
      : 'Update your card and we try again at once.'
    return `Your card was declined on ${formatDate(failure.at)}: ${failure.message} ${next}`
  }
  if (!renewal.paymentMethod) {
    const when = renewal.nextChargeAt ? ` before ${formatDate(renewal.nextChargeAt)}` : ''
    return `Your card was removed. Add a card${when}, or the renewal cannot be charged and your line stops ${endsAt ? `on ${formatDate(endsAt)}` : 'at the end'}.`
  }
  if (renewal.nextChargeAt && renewal.amount && renewal.currency) {
    return `Renews on ${formatDate(renewal.nextChargeAt)} for ${formatMoneyIn(renewal.amount, renewal.currency)}.`
  }
  return null
}
