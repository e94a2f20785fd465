import { renewalEnd } from '../../common/subscription-renewals'

/** One payment of a generated history, with its paid period as the settle step computes it. */
export type HistoryPayment = {
  paidAt: Date
  months: number
  amountMinor: number
  start: Date
  end: Date
  refunds: { at: Date; amountMinor: number }[]
}

export type HistoryPerson = {
  trialAt: Date
  isImported: boolean
  payments: HistoryPayment[]
}

/** A small seeded generator (mulberry32), so a failing history can be replayed. */
export function seededRandom(seed: number) {
  let state = seed >>> 0
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]!,
  }
}

const day = 86_400_000
// Monthly prices per plan level, in cents: a change of level is an upgrade or a downgrade.
const monthlyPrices = [999, 1499, 2499, 1999, 3333]

/**
 * A random history between `from` and `until`: trials that never pay, people who pay monthly,
 * quarterly or yearly, renew early (the period runs on from the old end), lapse and come back,
 * change plan both ways, are refunded in part or whole, and pay on the 29th–31st late at night;
 * and people brought in by import (never trials).
 */
export function generateHistory(seed: number, people: number, from: Date, until: Date) {
  const random = seededRandom(seed)
  const span = until.getTime() - from.getTime()
  const history: HistoryPerson[] = []
  for (let i = 0; i < people; i += 1) {
    const trialAt = new Date(from.getTime() + Math.floor(random.next() * span * 0.6))
    const person: HistoryPerson = { trialAt, isImported: random.next() < 0.1, payments: [] }
    history.push(person)
    if (random.next() < 0.25) continue
    let paidAt = new Date(trialAt.getTime() + random.int(0, 5) * day + random.int(0, day))
    let level = random.int(0, monthlyPrices.length - 1)
    let end: Date | null = null
    while (paidAt < until) {
      if (random.next() < 0.2) {
        // Late on one of the month's last days: where calendar months differ most.
        const date = new Date(paidAt)
        const last = new Date(
          Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0),
        ).getUTCDate()
        date.setUTCDate(Math.min(last, random.int(29, 31)))
        date.setUTCHours(23, random.int(0, 59), random.int(0, 59), random.int(0, 999))
        if (date > paidAt && date < until) paidAt = date
      }
      const months = random.pick([1, 1, 1, 3, 12])
      if (random.next() < 0.25)
        level = Math.max(0, Math.min(monthlyPrices.length - 1, level + random.pick([-1, 1])))
      const amountMinor = monthlyPrices[level]! * months - (months === 12 ? random.int(0, 2000) : 0)
      const start: Date = end && end > paidAt ? end : paidAt
      const newEnd = renewalEnd(end, months, paidAt)
      const refunds: HistoryPayment['refunds'] = []
      if (random.next() < 0.1) {
        const at = new Date(paidAt.getTime() + random.int(1, 40) * day)
        refunds.push({
          at,
          amountMinor: random.next() < 0.5 ? amountMinor : random.int(1, amountMinor),
        })
      }
      person.payments.push({ paidAt, months, amountMinor, start, end: newEnd, refunds })
      end = newEnd
      const next = random.next()
      // Renew a few days early, just at the end, or lapse for weeks and come back (or never).
      if (next < 0.12) break
      const gap = next < 0.6 ? -random.int(0, 6) : next < 0.8 ? 0 : random.int(10, 120)
      paidAt = new Date(newEnd.getTime() + gap * day + random.int(0, day))
    }
  }
  return history
}
