import { describe, expect, it } from 'vitest'
import type { Renewal } from '@common/renewals'
import { formatDate } from '@/lib/format'
import { cardText, renewalStateText } from './renewal-words'

const card = { brand: 'visa', last4: '4242', expMonth: 4, expYear: 2031 }
const on: Renewal = {
  autoRenew: true,
  status: 'active',
  nextChargeAt: '2027-02-27T10:00:00.000Z',
  amount: '29.99',
  currency: 'EUR',
  planId: null,
  paymentMethod: card,
  nextAttemptAt: null,
  lastFailure: null,
  scheduledPlan: null,
}
const end = '2027-02-28T10:00:00.000Z'
const failure = {
  code: 'insufficient_funds',
  message: 'Your card has insufficient funds.',
  at: end,
}

// Each sentence says what the renewal will really do next.
describe('what the customer is told of their renewal', () => {
  it('names the card as screens do', () => {
    expect(cardText(card)).toBe('Visa •••• 4242 · expires 04/31')
  })

  it('says when and how much it renews for, and nothing when off', () => {
    expect(renewalStateText(on, end)).toBe(
      `Renews on ${formatDate(on.nextChargeAt!)} for 29.99 EUR.`,
    )
    expect(renewalStateText({ ...on, autoRenew: false, status: 'off' }, end)).toBeNull()
  })

  it('says when a declined card is tried again, or that the line is off when past due', () => {
    const retrying = { ...on, status: 'retrying' as const, lastFailure: failure }
    expect(renewalStateText({ ...retrying, nextAttemptAt: '2027-03-01T10:00:00.000Z' }, end)).toBe(
      `Your card was declined on ${formatDate(end)}: Your card has insufficient funds. We'll try again on ${formatDate('2027-03-01T10:00:00.000Z')}.`,
    )
    expect(renewalStateText({ ...retrying, status: 'past_due' }, end)).toBe(
      `Your card was declined on ${formatDate(end)}: Your card has insufficient funds. Your line is off until you update your card.`,
    )
  })

  it('asks for a card when Stripe removed it', () => {
    expect(renewalStateText({ ...on, paymentMethod: null }, end)).toBe(
      `Your card was removed. Add a card before ${formatDate(on.nextChargeAt!)}, or the renewal cannot be charged and your line stops on ${formatDate(end)}.`,
    )
  })
})
