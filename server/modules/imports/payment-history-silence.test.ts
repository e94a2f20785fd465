import { eq, inArray } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { addCalendarMonths } from '../../../common/subscription-renewals'
import { messageReminders } from '../../db/schema/message-reminders'
import { outboxMessages } from '../../db/schema/outbox-messages'
import { plans } from '../../db/schema/plans'
import { trialRequests } from '../../db/schema/trial-requests'
import { useSupplierServer } from '../../test/supplier-server'
import { postgresOnly } from '../../test/test-server'
import { queueDueReminders } from '../messages/reminders.service'

const header = 'email,firstName,lastName,plan,months,amount,currency,paidAt,method,reference'
const hour = 3_600_000
const day = 24 * hour

/** A payment time whose one calendar month ends `fromNow` after `now` (within an hour). */
function paidFor(now: Date, fromNow: number): Date {
  let paidAt = new Date(now.getTime() + fromNow - 30 * day)
  for (let round = 0; round < 3; round += 1) {
    const end = addCalendarMonths(paidAt, 1).getTime()
    paidAt = new Date(paidAt.getTime() + now.getTime() + fromNow - end)
  }
  return paidAt
}

// Issue 44: "Imported history sends no message to anyone (not even 'access ended' for periods
// that ended in the past)". The reminder pass runs every minute: what is due at the import is
// passed over; what comes after it is sent as for anyone.
describe.each(postgresOnly)('an imported history, on %s', (kind) => {
  const t = useSupplierServer(kind)
  const db = () => t.server.app.db
  const planName = `Quiet ${crypto.randomUUID().slice(0, 8)}`
  const tag = crypto.randomUUID().slice(0, 8)
  const ended = `ended-${tag}@example.com`
  const ending = `ending-${tag}@example.com`

  beforeAll(async () => {
    await db().insert(plans).values({ name: planName, price: '10.00', currency: 'EUR' })
  })

  it('is told to nobody: no expiry message for an access that ended, no reminder already due', async () => {
    const now = t.now
    const rows = [
      // Ended three hours ago: within the day the message on expiry may still go.
      [ended, paidFor(now, -3 * hour)],
      // Ends in a little under three days: the 3-day reminder's moment has just passed.
      [ending, paidFor(now, 3 * day - 2 * hour)],
    ].map(
      ([email, paidAt]) =>
        `${email},Ann,Lee,${planName},1,10.00,EUR,${(paidAt as Date).toISOString()},cash,`,
    )
    const response = await fetch(new URL('/api/imports/payments?dryRun=false', t.server.baseUrl), {
      method: 'POST',
      headers: {
        origin: t.server.baseUrl,
        cookie: t.admin.cookie!,
        'content-type': 'text/csv; charset=utf-8',
      },
      body: [header, ...rows].join('\n'),
    })
    expect(response.status).toBe(200)
    const people = await db()
      .select({
        id: trialRequests.id,
        email: trialRequests.email,
        status: trialRequests.subscriptionStatus,
      })
      .from(trialRequests)
      .where(inArray(trialRequests.email, [ended, ending]))
    expect(people.map(({ email, status }) => [email, status]).sort()).toEqual([
      [ended, 'expired'],
      [ending, 'active'],
    ])
    const ids = people.map(({ id }) => id)

    await queueDueReminders(db(), now)
    const sent = await db()
      .select({ kind: outboxMessages.kind })
      .from(outboxMessages)
      .where(inArray(outboxMessages.trialRequestId, ids))
    expect(sent).toEqual([])
    const passed = await db()
      .select({
        personId: messageReminders.trialRequestId,
        kind: messageReminders.kind,
        offset: messageReminders.offsetMinutes,
        messageId: messageReminders.outboxMessageId,
      })
      .from(messageReminders)
      .where(inArray(messageReminders.trialRequestId, ids))
    const idOf = (email: string) => people.find((person) => person.email === email)!.id
    const passedOver = (email: string) =>
      passed
        .filter(({ personId, messageId }) => personId === idOf(email) && messageId === null)
        .map(({ kind, offset }) => `${kind} ${offset / 60 / 24}`)
        .sort()
    expect(passedOver(ended)).toEqual([
      'expiry_notice 0',
      'subscription_reminder 1',
      'subscription_reminder 3',
      'subscription_reminder 7',
    ])
    // The 1-day reminder is still ahead: it goes when its moment comes.
    expect(passedOver(ending)).toEqual(['subscription_reminder 3', 'subscription_reminder 7'])
    await queueDueReminders(db(), new Date(now.getTime() + 2 * day))
    const later = await db()
      .select({ kind: outboxMessages.kind })
      .from(outboxMessages)
      .where(eq(outboxMessages.trialRequestId, idOf(ending)))
    expect(later).toEqual([{ kind: 'subscription_reminder' }])
  })
})
