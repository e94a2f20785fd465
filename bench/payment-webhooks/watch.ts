import { setTimeout as sleep } from 'node:timers/promises'
import type pg from 'pg'
import type { PaidCheckout } from './seed'

/** When each payment was seen extended, in the database and on the panel (Date.now()). */
export type Seen = { databaseAt: Map<string, number>; panelAt: Map<string, number> }

type WatchContext = {
  db: pg.Client
  /** Every line's expiry on the panel (Unix seconds), by username. */
  panelExpiries: () => Map<string, number>
}

/**
 * Polls every `everyMs` (one query and one look at the panel for all payments still waiting) and
 * stamps when each person's subscription has its paid end in the database and when their line's
 * expiry on the panel has moved past its trial's. Stops when every payment is seen both ways, or
 * `stop` says so; the stamps carry at most `everyMs` of polling delay.
 */
export function watchExtensions(
  context: WatchContext,
  checkouts: PaidCheckout[],
  { everyMs = 50, stop }: { everyMs?: number; stop: () => boolean },
) {
  const seen: Seen = { databaseAt: new Map(), panelAt: new Map() }
  const done = (async () => {
    while (!stop()) {
      const now = Date.now()
      const waitingInDatabase = checkouts.filter(({ paymentId }) => !seen.databaseAt.has(paymentId))
      if (waitingInDatabase.length) {
        const { rows } = await context.db.query<{ id: string }>(
          `select p.id from payments p join trial_requests t on t.id = p.trial_request_id
            where p.id = any($1::uuid[]) and t.subscription_end_date is not null`,
          [waitingInDatabase.map(({ paymentId }) => paymentId)],
        )
        for (const { id } of rows) seen.databaseAt.set(id, now)
      }
      const expiries = context.panelExpiries()
      for (const { paymentId, username, trialExpiryS } of checkouts) {
        if (seen.panelAt.has(paymentId)) continue
        if ((expiries.get(username) ?? 0) > trialExpiryS) seen.panelAt.set(paymentId, now)
      }
      const isComplete =
        seen.databaseAt.size === checkouts.length && seen.panelAt.size === checkouts.length
      if (isComplete) return
      await sleep(Math.max(0, now + everyMs - Date.now()))
    }
  })()
  return { seen, done }
}
