import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { addCalendarMonths } from '../../../common/subscription-renewals'
import { payments } from '../../db/schema/payments'
import { plans } from '../../db/schema/plans'
import { useSupplierServer } from '../../test/supplier-server'
import { postgresOnly } from '../../test/test-server'

const day = 86_400_000

describe.each(postgresOnly)('money received in the past, recorded now, on %s', (kind) => {
  const t = useSupplierServer(kind)
  const db = () => t.server.app.db
  const paymentsOf = (personId: string) =>
    db().select().from(payments).where(eq(payments.trialRequestId, personId))
  const record = (personId: string, body: object) =>
    t.admin.post(`/api/trial-requests/${personId}/payments`, body)
  const newPlan = async () =>
    (
      await db()
        .insert(plans)
        .values({
          name: `Plan ${crypto.randomUUID().slice(0, 8)}`,
          price: '10.00',
          currency: 'EUR',
        })
        .returning()
    )[0]!

  it('starts the paid period when the money came in, and chains the next one from its end', async () => {
    const plan = await newPlan()
    const person = await t.newPerson()
    const paidAt = new Date(t.now.getTime() - 40 * day)
    const first = await record(person.id, {
      planId: plan.id,
      months: 1,
      method: 'bank_transfer',
      paidAt: paidAt.toISOString(),
    })
    expect(first.status).toBe(201)
    const renewedAt = new Date(t.now.getTime() - 12 * day)
    const second = await record(person.id, {
      planId: plan.id,
      months: 3,
      method: 'cash',
      amount: '27.00',
      paidAt: renewedAt.toISOString(),
    })
    expect(second.status).toBe(201)
    const rows = (await paymentsOf(person.id)).sort((a, b) => +a.paidAt! - +b.paidAt!)
    expect(rows.map((row) => [row.paidAt, row.periodStart, row.newEnd])).toEqual([
      [paidAt, paidAt, addCalendarMonths(paidAt, 1)],
      // Paid before the first ran out: the new period runs on from its end.
      [renewedAt, addCalendarMonths(paidAt, 1), addCalendarMonths(paidAt, 4)],
    ])
  })

  it('starts a payment recorded without paidAt now', async () => {
    const plan = await newPlan()
    const person = await t.newPerson()
    expect((await record(person.id, { planId: plan.id, months: 1, method: 'cash' })).status).toBe(
      201,
    )
    const [row] = await paymentsOf(person.id)
    expect(row!.periodStart).toEqual(t.now)
    expect(row!.paidAt).toEqual(t.now)
  })

  it.each([
    ['in the future', () => new Date(t.now.getTime() + 60_000).toISOString()],
    ['not a date', () => '31/03/2025'],
  ])('refuses a paidAt %s with 400 naming paidAt, and records nothing', async (_, paidAt) => {
    const plan = await newPlan()
    const person = await t.newPerson()
    const refused = await record(person.id, {
      planId: plan.id,
      months: 1,
      method: 'cash',
      paidAt: paidAt(),
    })
    expect(refused.status).toBe(400)
    expect(JSON.stringify(refused.body)).toContain('paidAt')
    expect(await paymentsOf(person.id)).toHaveLength(0)
  })
})
