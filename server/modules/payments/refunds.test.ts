import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { auditSentenceText, describeAuditEntry } from '../../../common/audit-sentences'
import { addCalendarMonths } from '../../../common/subscription-renewals'
import { m3uLines } from '../../db/schema/m3u-lines'
import { trialRequests } from '../../db/schema/trial-requests'
import { withNewEntries } from '../../test/audit-trail'
import { createClient } from '../../test/http-client'
import { insertPayment, insertPlan } from '../../test/payment-fixtures'
import { seedAdmin } from '../../test/seed-admin'
import { panelLine, panelSeconds, useSupplierServer } from '../../test/supplier-server'
import { postgresOnly } from '../../test/test-server'
import { presentAuditEntries } from '../audit/audit.service'

describe.each(postgresOnly)('refunds by hand on %s', (kind) => {
  const t = useSupplierServer(kind)
  const db = () => t.server.app.db
  const refund = (paymentId: string, body: object) =>
    t.admin.post(`/api/payments/${paymentId}/refund`, body)
  const endOf = async (personId: string) =>
    (await db().select().from(trialRequests).where(eq(trialRequests.id, personId)))[0]!
      .subscriptionEndDate!
  /** Records 29.97 received in cash for three months of Family Plus: the trial becomes paid. */
  async function paidInCash(names = { firstName: 'Ada', lastName: 'Cash' }) {
    const plan = await insertPlan(db(), { name: 'Family Plus', price: '29.97' })
    const person = await t.newPerson(names)
    const paid = await t.admin.post(`/api/trial-requests/${person.id}/payments`, {
      planId: plan.id,
      months: 3,
      method: 'cash',
    })
    expect(paid.status).toBe(201)
    return { person, paymentId: paid.body.id as string }
  }
  const monthTotal = async (month: string) => {
    const { body } = await t.admin.get('/api/revenue-analytics')
    const found = body.monthlyRevenue.find((each: { month: string }) => each.month === month)
    return Math.round(Number(found?.total ?? '0') * 100)
  }

  it('marks a cash payment refunded in part, shortens the subscription and the panel line, and says so in the trail', async () => {
    const { person, paymentId } = await paidInCash()
    const end = addCalendarMonths(t.now, 3)
    expect(await endOf(person.id)).toEqual(end)
    const body = { amount: '9.99', reason: 'Picture froze all week', shortenSubscription: true }
    const { result: answer, entries } = await withNewEntries(db(), () => refund(paymentId, body))
    expect(answer.status).toBe(200)
    expect(answer.body).toMatchObject({ status: 'partially_refunded', refundedAmount: '9.99' })

    // A third of the money: a third of the three months the payment added.
    const shortened = new Date(end.getTime() - Math.round((end.getTime() - t.now.getTime()) / 3))
    expect(await endOf(person.id)).toEqual(shortened)
    const [line] = await db().select().from(m3uLines).where(eq(m3uLines.trialRequestId, person.id))
    expect(line).toMatchObject({ expiresAt: shortened })
    expect(panelLine(t.supplier, line!.username!).exp_date).toBe(panelSeconds(shortened))

    const sentences = (await presentAuditEntries(db(), entries)).map((entry) =>
      auditSentenceText(describeAuditEntry(entry)),
    )
    expect(sentences).toContain(
      'owner refunded 9.99 EUR to Ada Cash, shortening the subscription: Picture froze all week',
    )
  })

  it('marks a BTCPay payment refunded in full, and shortens only a paid subscription', async () => {
    const person = await t.newPerson()
    const { id } = await insertPayment(db(), {
      trialRequestId: person.id,
      provider: 'btcpay',
      method: null,
      providerCheckoutId: 'inv_refund',
      paidAt: t.now,
      newEnd: addCalendarMonths(t.now, 3),
    })
    const shorten = await refund(id, { reason: 'Sent back by hand', shortenSubscription: true })
    expect(shorten.status).toBe(409)
    expect(shorten.body.message).toBe(
      'The subscription cannot be shortened: the person has no paid subscription now',
    )
    const answer = await refund(id, { reason: 'Sent back by hand' })
    expect(answer.body).toMatchObject({ status: 'refunded', refundedAmount: '29.99' })
  })

  it('takes revenue back in the month of the refund, not the month paid', async () => {
    const paidMonth = t.now.toISOString().slice(0, 7)
    const { paymentId } = await paidInCash({ firstName: 'Mo', lastName: 'Later' })
    const paidMonthTotal = await monthTotal(paidMonth)
    await t.travel(40)
    const refundMonth = t.now.toISOString().slice(0, 7)
    const before = await monthTotal(refundMonth)
    expect((await refund(paymentId, { amount: '10.00', reason: 'Goodwill' })).status).toBe(200)
    expect(await monthTotal(paidMonth)).toBe(paidMonthTotal)
    expect(await monthTotal(refundMonth)).toBe(before - 1000)
  })

  it('lowers revenue no second time when the subscription the payment paid for was deleted', async () => {
    const { person, paymentId } = await paidInCash({ firstName: 'Re', lastName: 'Verted' })
    const month = t.now.toISOString().slice(0, 7)
    const paid = await monthTotal(month)
    const deleted = await t.admin.request('DELETE', `/api/trial-requests/${person.id}/subscription`)
    expect(deleted.status).toBe(200)
    // Deleting the subscription took its 29.97 back already.
    expect(await monthTotal(month)).toBe(paid - 2997)
    expect((await refund(paymentId, { reason: 'Cancelled at once' })).status).toBe(200)
    expect(await monthTotal(month)).toBe(paid - 2997)
  })

  it('refuses what it cannot do, naming the field, and lets only super admins refund', async () => {
    const { paymentId } = await paidInCash({ firstName: 'No', lastName: 'Refund' })
    const over = await refund(paymentId, { amount: '30.00', reason: 'Too much' })
    expect(over.status).toBe(400)
    expect(over.body.issues).toEqual([
      { path: 'amount', message: 'amount must be at most 29.97, what is left of this payment' },
    ])
    const noReason = await refund(paymentId, { amount: '1.00' })
    expect(noReason.status).toBe(400)
    expect(noReason.body.issues).toEqual([
      expect.objectContaining({ path: 'reason', message: 'reason is required' }),
    ])
    const pending = await insertPayment(db(), { status: 'pending' })
    const notPaid = await refund(pending.id, { reason: 'Never paid' })
    expect(notPaid.status).toBe(409)

    await seedAdmin(db(), { username: 'clerk', password: 'clerk-password-1', role: 'admin' })
    const clerk = createClient(t.server.baseUrl)
    await clerk.login('clerk', 'clerk-password-1')
    const refused = await clerk.post(`/api/payments/${paymentId}/refund`, { reason: 'Mine' })
    expect(refused.status).toBe(403)
    const after = await t.admin.get(`/api/payments/${paymentId}`)
    expect(after.body).toMatchObject({ status: 'paid', refundedAmount: '0.00' })
  })
})
