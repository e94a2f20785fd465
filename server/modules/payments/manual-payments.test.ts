import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { auditSentenceText, describeAuditEntry } from '../../../common/audit-sentences'
import { addCalendarMonths } from '../../../common/subscription-renewals'
import { payments } from '../../db/schema/payments'
import { plans } from '../../db/schema/plans'
import { subscriptionRenewals } from '../../db/schema/subscription-renewals'
import { trialRequests } from '../../db/schema/trial-requests'
import { withNewEntries } from '../../test/audit-trail'
import { createClient } from '../../test/http-client'
import { useSupplierServer } from '../../test/supplier-server'
import { postgresOnly } from '../../test/test-server'
import { presentAuditEntries } from '../audit/audit.service'
import { settlePayment } from './settle-payment'
import { systemPaymentContext } from './payment-context'

describe.each(postgresOnly)('payments recorded by an admin on %s', (kind) => {
  const t = useSupplierServer(kind)
  const db = () => t.server.app.db
  const paymentsOf = (personId: string) =>
    db().select().from(payments).where(eq(payments.trialRequestId, personId))
  const personOf = async (id: string) =>
    (await db().select().from(trialRequests).where(eq(trialRequests.id, id)))[0]!
  const record = (personId: string, body: object) =>
    t.admin.post(`/api/trial-requests/${personId}/payments`, body)
  const newPlan = async (fields: Partial<typeof plans.$inferInsert> = {}) =>
    (
      await db()
        .insert(plans)
        .values({
          name: `Plan ${randomUUID().slice(0, 8)}`,
          price: '9.99',
          currency: 'USD',
          ...fields,
        })
        .returning()
    )[0]!

  it('records money received elsewhere at the plan’s price, settles it and answers 201', async () => {
    const plan = await newPlan({ name: 'Family Plus', price: '29.97', billingPeriod: 'quarterly' })
    const person = await t.newPerson({ firstName: 'Ada', lastName: 'Cash' })
    const requestId = randomUUID()
    const body = { planId: plan.id, months: 1, method: 'cash', reference: 'Till 4', requestId }
    const { result: answer, entries } = await withNewEntries(db(), () => record(person.id, body))
    expect(answer.status).toBe(201)
    expect(answer.body).toMatchObject({
      personId: person.id,
      personName: 'Ada Cash',
      planId: plan.id,
      planName: 'Family Plus',
      months: 1,
      amount: '9.99',
      currency: 'USD',
      provider: 'manual',
      method: 'cash',
      reference: 'Till 4',
      status: 'paid',
      receiptNumber: expect.any(Number),
      createdBy: 'owner',
      newEnd: addCalendarMonths(t.now, 1).toISOString(),
    })
    expect(await personOf(person.id)).toMatchObject({
      subscriptionStatus: 'active',
      paidPlan: 'Family Plus',
      subscriptionPrice: '9.99',
    })
    const [entry] = await presentAuditEntries(
      db(),
      entries.filter((e) => e.entityType === 'trial_request'),
    )
    expect(auditSentenceText(describeAuditEntry(entry!))).toBe(
      'owner recorded a cash payment from Ada Cash',
    )

    // The same submission again records nothing more and answers the same payment.
    const again = await record(person.id, body)
    expect(again.status).toBe(201)
    expect(again.body.id).toBe(answer.body.id)
    expect(await paymentsOf(person.id)).toHaveLength(1)
    expect((await personOf(person.id)).subscriptionEndDate).toEqual(addCalendarMonths(t.now, 1))
  })

  it('takes the amount received when it differs, and extends a paid subscription', async () => {
    const plan = await newPlan()
    const person = await t.newPerson()
    expect((await record(person.id, { planId: plan.id, months: 2, method: 'paypal' })).status).toBe(
      201,
    )
    const second = await record(person.id, {
      planId: plan.id,
      months: 1,
      method: 'bank_transfer',
      amount: 8.5,
    })
    expect(second.body).toMatchObject({ amount: '8.50', listAmount: '9.99', status: 'paid' })
    expect((await personOf(person.id)).subscriptionEndDate).toEqual(addCalendarMonths(t.now, 3))
  })

  it('schedules the plan a payment is recorded for from the end of the running period', async () => {
    const [current, other] = [await newPlan(), await newPlan()]
    const person = await t.newPerson()
    expect(
      (await record(person.id, { planId: current.id, months: 1, method: 'cash' })).status,
    ).toBe(201)
    const moved = await record(person.id, { planId: other.id, months: 1, method: 'cash' })
    expect(moved.status).toBe(201)
    expect(await paymentsOf(person.id)).toHaveLength(2)
    // Decision 0062: the current plan runs to its end, the other one from there.
    expect(await personOf(person.id)).toMatchObject({
      paidPlan: current.name,
      scheduledPaidPlan: other.name,
      scheduledPlanFrom: addCalendarMonths(t.now, 1),
      subscriptionEndDate: addCalendarMonths(t.now, 2),
    })
  })

  it.each([
    [{ planId: undefined, months: 1, method: 'cash' }, 'planId'],
    [{ planId: 'nope', months: 1, method: 'cash' }, 'planId'],
    [{ planId: randomUUID(), months: 1, method: 'cash' }, 'planId'],
    [{ months: 13, method: 'cash' }, 'months'],
    [{ months: 1, method: 'card' }, 'method'],
    [{ months: 1, method: 'cash', amount: '9.999' }, 'amount'],
    [{ months: 1, method: 'cash', amount: '-5' }, 'amount'],
    [{ months: 1, method: 'cash', requestId: 'again' }, 'requestId'],
  ])('refuses %o with 400 naming %s, and records nothing', async (body, field) => {
    const plan = await newPlan()
    const person = await t.newPerson()
    const refused = await record(person.id, { planId: plan.id, ...body })
    expect(refused.status).toBe(400)
    expect(refused.body.issues.map((issue: { path: string }) => issue.path)).toContain(field)
    expect(await paymentsOf(person.id)).toHaveLength(0)
  })

  it('answers 404 for an unknown person and 401 to a stranger', async () => {
    const plan = await newPlan()
    const body = { planId: plan.id, months: 1, method: 'cash' }
    expect((await record(randomUUID(), body)).status).toBe(404)
    const stranger = createClient(t.server.baseUrl)
    const person = await t.newPerson()
    expect((await stranger.post(`/api/trial-requests/${person.id}/payments`, body)).status).toBe(
      401,
    )
  })

  it('convert leaves one manual payment, and settling it again converts nothing more', async () => {
    const plan = await newPlan({ name: 'Household', currency: 'GBP' })
    const person = await t.newPerson()
    const converted = await t.admin.post(
      `/api/trial-requests/${person.id}/convert-to-subscription`,
      {
        paidPlan: 'Household',
        subscriptionMonths: 3,
        subscriptionPrice: '27.00',
      },
    )
    expect(converted.status).toBe(200)
    const [payment, ...more] = await paymentsOf(person.id)
    expect(more).toHaveLength(0)
    expect(payment).toMatchObject({
      provider: 'manual',
      method: 'other',
      planId: plan.id,
      planName: 'Household',
      months: 3,
      amountMinor: 2700,
      currency: 'GBP',
      status: 'paid',
      createdBy: 'owner',
    })
    // An order made active and then marked paid: the second settle finds it done.
    const again = await settlePayment(systemPaymentContext(t.server.app), payment!.id, {
      amountMinor: 2700,
      currency: 'GBP',
      via: 'manual',
    })
    expect(again).toEqual({ status: 'paid', settledNow: false })
    expect((await personOf(person.id)).subscriptionEndDate).toEqual(addCalendarMonths(t.now, 3))
    // Converting again is refused as before, and leaves no payment behind.
    const twice = await t.admin.post(`/api/trial-requests/${person.id}/convert-to-subscription`, {
      paidPlan: 'Household',
      subscriptionMonths: 1,
      subscriptionPrice: '9.00',
    })
    expect(twice.status).toBe(409)
    expect(await paymentsOf(person.id)).toHaveLength(1)
  })

  it('extend leaves one manual payment per extension, once for a retried submission', async () => {
    const person = await t.newPerson()
    await t.admin.post(`/api/trial-requests/${person.id}/convert-to-subscription`, {
      paidPlan: 'No Such Plan',
      subscriptionMonths: 1,
      subscriptionPrice: '5.00',
    })
    const requestId = randomUUID()
    const extend = () =>
      t.admin.post(`/api/trial-requests/${person.id}/subscription/extend`, {
        months: 2,
        price: '10.00',
        requestId,
      })
    expect((await extend()).status).toBe(200)
    expect((await extend()).status).toBe(200)
    const made = await paymentsOf(person.id)
    expect(
      made.map((each) => [each.planId, each.planName, each.amountMinor, each.currency]),
    ).toEqual(
      [
        [null, 'No Such Plan', 500, 'EUR'],
        [null, 'No Such Plan', 1000, 'EUR'],
      ].sort((a, b) => Number(a[2]) - Number(b[2])),
    )
    const renewals = await db()
      .select()
      .from(subscriptionRenewals)
      .where(eq(subscriptionRenewals.trialRequestId, person.id))
    expect(renewals).toHaveLength(1)
    expect((await personOf(person.id)).subscriptionEndDate).toEqual(addCalendarMonths(t.now, 3))
  })
})
