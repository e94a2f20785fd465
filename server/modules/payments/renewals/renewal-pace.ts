import type { ChargeCard } from './renewal-attempt'

/**
 * Stripe allows 25 requests a second in test mode (100 live); the round stays under the lowest,
 * with room for the checkouts customers open meanwhile (decision 0060).
 */
export const renewalChargesPerSecond = 20

/**
 * `charge` with its calls made one at a time, each starting 1/`perSecond` of a second after the
 * previous one ended: its requests reach Stripe at least that far apart, whatever the network's
 * delays, so the round never sends more than `perSecond` in any second. The Stripe library's one
 * retry of a dropped call waits its own backoff (at least half a second) first.
 */
export function pacedCharge(charge: ChargeCard, perSecond = renewalChargesPerSecond): ChargeCard {
  const gapMs = 1000 / perSecond
  let nextStart = 0
  let previous: Promise<unknown> = Promise.resolve()
  return (request) => {
    const result = previous.then(async () => {
      const wait = nextStart - performance.now()
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait))
      try {
        return await charge(request)
      } finally {
        nextStart = performance.now() + gapMs
      }
    })
    previous = result.catch(() => undefined)
    return result
  }
}
