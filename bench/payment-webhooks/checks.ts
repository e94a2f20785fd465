import type pg from 'pg'
import { addCalendarMonths } from '../../common/subscription-renewals'
import type { FakeLine } from '../../server/test/fake-panel-state'
import type { PaidCheckout } from './seed'

/** A check's name and what was wrong, or null when it held. */
export type CheckResult = { name: string; problem: string | null }

const first = <T>(items: T[], n = 3) =>
  items.slice(0, n).join(', ') + (items.length > n ? ` (+${items.length - n})` : '')

/**
 * After every delivery has been handled: each payment settled once. One paid payment per person
 * with a conversion (a trial becomes paid: no renewal row) ending its months after it was paid;
 * receipts 1..N with no gap or repeat; one handled-event row per event id; one line per person on
 * the panel whose expiry is the subscription's end (a second extension would push it further).
 */
export async function checkSettledOnce(
  db: pg.Client,
  checkouts: PaidCheckout[],
  panelLines: FakeLine[],
): Promise<CheckResult[]> {
  const ids = checkouts.map(({ paymentId }) => paymentId)
  const { rows: paid } = await db.query<{
    id: string
    status: string
    months: number
    paid_at: Date | null
    new_end: Date | null
    end_date: Date | null
    username: string
    renewals: number
  }>(
    `select p.id, p.status, p.months, p.paid_at, p.new_end, t.subscription_end_date as end_date,
            (select count(*)::int from subscription_renewals r where r.trial_request_id = t.id)
              as renewals
       from payments p join trial_requests t on t.id = p.trial_request_id
      where p.id = any($1::uuid[])`,
    [ids],
  )
  const unpaid = paid
    .filter(({ status }) => status !== 'paid')
    .map(({ id, status }) => `${id} ${status}`)
  const wrongEnd = paid
    .filter(
      ({ paid_at, new_end, end_date, months }) =>
        !paid_at ||
        new_end?.getTime() !== end_date?.getTime() ||
        end_date?.getTime() !== addCalendarMonths(paid_at, months).getTime(),
    )
    .map(({ id }) => id)
  const renewed = paid.filter(({ renewals }) => renewals > 0).map(({ id }) => id)

  const { rows: receipts } = await db.query<{ receipt_number: number }>(
    'select receipt_number from payments where receipt_number is not null order by receipt_number',
  )
  const badReceipts = receipts
    .map(({ receipt_number }, index) => (receipt_number === index + 1 ? null : receipt_number))
    .filter((number) => number !== null)

  const { rows: events } = await db.query<{ event_id: string; rows: number }>(
    `select event_id, count(*)::int as rows from payment_events
      where provider = 'stripe' group by event_id`,
  )
  const recorded = new Map(events.map(({ event_id, rows }) => [event_id, rows]))
  const eventProblems = checkouts
    .map(({ event }) => [event.id, recorded.get(event.id) ?? 0] as const)
    .filter(([, rows]) => rows !== 1)
    .map(([id, rows]) => `${id} ×${rows}`)

  const endOf = new Map(paid.map(({ id, end_date }) => [id, end_date]))
  const linesOf = new Map<string, FakeLine[]>()
  for (const line of panelLines)
    linesOf.set(line.username, [...(linesOf.get(line.username) ?? []), line])
  const lineProblems = checkouts.flatMap(({ paymentId, username }) => {
    const lines = linesOf.get(username) ?? []
    if (lines.length !== 1) return [`${username}: ${lines.length} lines`]
    const endS = Math.floor((endOf.get(paymentId)?.getTime() ?? 0) / 1000)
    const expiryS = Number(lines[0]!.exp_date)
    return expiryS === endS ? [] : [`${username}: panel ${expiryS}, subscription ${endS}`]
  })
  const ours = new Set(checkouts.map(({ username }) => username))
  const strangers = panelLines.filter(({ username }) => !ours.has(username)).length

  const problem = (items: string[] | number[], what: string) =>
    items.length ? `${items.length} ${what}: ${first(items.map(String))}` : null
  return [
    {
      name: 'every payment paid',
      problem:
        paid.length === ids.length
          ? problem(unpaid, 'not paid')
          : `${ids.length - paid.length} payments missing`,
    },
    { name: 'one conversion each, no renewal', problem: problem(renewed, 'renewed as well') },
    { name: 'ends months after payment', problem: problem(wrongEnd, 'with another end') },
    {
      name: `receipts 1..${ids.length}`,
      problem:
        receipts.length === ids.length
          ? problem(badReceipts, 'out of sequence')
          : `${receipts.length} receipts for ${ids.length} payments`,
    },
    { name: 'one payment_events row per event', problem: problem(eventProblems, 'events') },
    {
      name: 'one line per person, at its end',
      problem:
        problem(lineProblems, 'lines') ?? (strangers ? `${strangers} lines of nobody` : null),
    },
  ]
}
