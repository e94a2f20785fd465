import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { auditSentenceText, describeAuditEntry } from '../../../common/audit-sentences'
import { addCalendarMonths } from '../../../common/subscription-renewals'
import { m3uLines } from '../../db/schema/m3u-lines'
import { notifications } from '../../db/schema/notifications'
import { payments } from '../../db/schema/payments'
import { subscriptionRenewals } from '../../db/schema/subscription-renewals'
import { trialRequests } from '../../db/schema/trial-requests'
import { withNewEntries } from '../../test/audit-trail'
import { useMailServer } from '../../test/mail-server'
import { insertPendingPayment } from '../../test/payment-fixtures'
import { databaseKinds } from '../../test/test-server'
import { presentAuditEntries } from '../audit/audit.service'
import { settlePayment, settleWithin } from './settle-payment'
import { systemPaymentContext } from './payment-context'

const day = 24 * 60 * 60 * 1000
const paidWith = (via: 'stripe' | 'btcpay', amountMinor = 2997, currency = 'eur') => ({
  amountMinor,
  currency,
  providerPaymentId: `${via}_ref`,
  via,
})

describe.each(databaseKinds)('settling a payment on %s', (kind) => {
  const t = useMailServer(kind)
  const db = () => t.server.app.db
  const settle = (id: string, confirmation = paidWith('stripe')) =>
    settlePayment(systemPaymentContext(t.server.app), id, confirmation)
  const personOf = async (id: string) =>
    (await db().select().from(trialRequests).where(eq(trialRequests.id, id)))[0]!
  const paymentOf = async (id: string) =>
    (await db().select().from(payments).where(eq(payments.id, id)))[0]!
  const renewalsOf = (id: string) =>
    db().select().from(subscriptionRenewals).where(eq(subscriptionRenewals.trialRequestId, id))
  const notificationsOf = (id: string, type: string) =>
    db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.entityId, id), eq(notifications.type, type)))
  const sentences = async (entries: Parameters<typeof presentAuditEntries>[1]) =>
    (await presentAuditEntries(db(), entries)).map((entry) =>
      auditSentenceText(describeAuditEntry(entry)),
    )
  const subscriber = (end: Date, status: 'active' | 'expired') =>
    t.newPerson({
      subscriptionStatus: status,
      paidPlan: 'Family Plus',
      subscriptionPrice: '9.99',
      subscriptionStartDate: new Date(end.getTime() - 30 * day),
      subscriptionEndDate: end,
    })

  it('makes a trial paid: plan, months, revenue, line, receipt 1, notification and trail', async () => {
    const person = await t.newPerson({
      firstName: 'Lina',
      lastName: 'Check',
      email: 'lina@example.com',
    })
    const payment = await insertPendingPayment(db(), { trialRequestId: person.id })
    const before = (await t.admin.get('/api/revenue-analytics')).body

    const { result, entries } = await withNewEntries(db(), () => settle(payment.id))
    expect(result).toEqual({ status: 'paid', settledNow: true })

    const end = addCalendarMonths(t.now, 3)
    expect(await personOf(person.id)).toMatchObject({
      subscriptionStatus: 'active',
      paidPlan: 'Family Plus',
      subscriptionPrice: '29.97',
      subscriptionEndDate: end,
    })
    expect(await paymentOf(payment.id)).toMatchObject({
      status: 'paid',
      receiptNumber: 1,
      providerPaymentId: 'stripe_ref',
      previousEnd: null,
      newEnd: end,
      paidAt: t.now,
    })
    // Revenue of this month.
    const month = t.now.toISOString().slice(0, 7)
    const monthTotal = (body: { monthlyRevenue: { month: string; total: string }[] }) =>
      Number(body.monthlyRevenue.find((each) => each.month === month)?.total ?? '0')
    const after = (await t.admin.get('/api/revenue-analytics')).body
    expect(Math.round((monthTotal(after) - monthTotal(before)) * 100)).toBe(2997)

    // The person had no line: it is owed in the settle's commit, and made on the panel after the
    // answer, paid, to the new end.
    const lineOf = async () =>
      (await db().select().from(m3uLines).where(eq(m3uLines.trialRequestId, person.id)))[0]
    await t.until(async () => (await lineOf())?.supplierId != null)
    expect(await lineOf()).toMatchObject({ isTrial: false, isEnabled: true, expiresAt: end })

    const receipt = (await t.flush()).find((mail) => mail.subject?.startsWith('Receipt'))
    expect(receipt?.subject).toBe('Receipt 1 from StreamLine')
    expect(receipt?.text).toContain(
      'Thank you for your payment of 29.97 EUR for Family Plus, 3 months.',
    )
    expect(receipt?.text).toContain(
      `runs until ${new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'UTC' }).format(end)}`,
    )

    expect(await notificationsOf(person.id, 'payment_received')).toEqual([
      expect.objectContaining({
        title: 'Payment received from Lina Check',
        recipientRole: 'admin',
      }),
    ])
    expect(await sentences(entries)).toContain(
      'The system converted Lina Check to Family Plus, 29.97: paid by the customer with Stripe',
    )
  })

  it('extends an active subscription from its end, as revenue of the month paid', async () => {
    const end = new Date(t.now.getTime() + 10 * day)
    const person = await subscriber(end, 'active')
    const payment = await insertPendingPayment(db(), {
      trialRequestId: person.id,
      provider: 'btcpay',
      months: 1,
      amountMinor: 999,
    })
    const { entries } = await withNewEntries(db(), () =>
      settle(payment.id, paidWith('btcpay', 999, 'EUR')),
    )
    const newEnd = addCalendarMonths(end, 1)
    expect((await personOf(person.id)).subscriptionEndDate).toEqual(newEnd)
    expect(await paymentOf(payment.id)).toMatchObject({ previousEnd: end, newEnd })
    expect(await renewalsOf(person.id)).toEqual([
      expect.objectContaining({ months: 1, price: '9.99', paidAt: t.now, newEnd }),
    ])
    expect(await sentences(entries)).toContain(
      `The system extended the subscription of ${person.name}: paid by the customer with BTCPay Server`,
    )
  })

  it('extends a lapsed subscription from today', async () => {
    const person = await subscriber(new Date(t.now.getTime() - 5 * day), 'expired')
    const payment = await insertPendingPayment(db(), { trialRequestId: person.id, months: 2 })
    expect(await settle(payment.id)).toEqual({ status: 'paid', settledNow: true })
    expect(await personOf(person.id)).toMatchObject({
      subscriptionStatus: 'active',
      subscriptionEndDate: addCalendarMonths(t.now, 2),
    })
  })

  it('moves the subscription onto the plan a payment is for, from its end', async () => {
    const end = new Date(t.now.getTime() + 10 * day)
    const person = await subscriber(end, 'active')
    const payment = await insertPendingPayment(db(), {
      trialRequestId: person.id,
      planName: 'Starter',
      months: 1,
      amountMinor: 999,
    })
    expect(await settle(payment.id, paidWith('stripe', 999, 'EUR'))).toEqual({
      status: 'paid',
      settledNow: true,
    })
    expect(await personOf(person.id)).toMatchObject({
      paidPlan: 'Starter',
      subscriptionEndDate: addCalendarMonths(end, 1),
    })
  })

  it('settles a payment paid after its checkout expired', async () => {
    const person = await t.newPerson()
    const payment = await insertPendingPayment(db(), {
      trialRequestId: person.id,
      provider: 'btcpay',
      status: 'expired',
    })
    expect(await settle(payment.id, paidWith('btcpay'))).toEqual({
      status: 'paid',
      settledNow: true,
    })
  })

  it('extends once, delivered three times and twice at the same moment', async () => {
    const end = new Date(t.now.getTime() + 3 * day)
    const person = await subscriber(end, 'active')
    const payment = await insertPendingPayment(db(), { trialRequestId: person.id, months: 1 })
    const outcomes = [
      ...(await Promise.all([settle(payment.id), settle(payment.id)])),
      await settle(payment.id),
      await settle(payment.id),
      await settle(payment.id),
    ]
    expect(outcomes.filter((outcome) => outcome.settledNow)).toHaveLength(1)
    expect(outcomes.every((outcome) => outcome.status === 'paid')).toBe(true)
    expect((await personOf(person.id)).subscriptionEndDate).toEqual(addCalendarMonths(end, 1))
    expect(await renewalsOf(person.id)).toHaveLength(1)
    const receipts = (await t.messagesTo(person.email)).filter(
      (message) => message.kind === 'payment_receipt',
    )
    expect(receipts).toHaveLength(1)
    expect(await notificationsOf(person.id, 'payment_received')).toHaveLength(1)
  })

  it.each([
    ['amount', paidWith('stripe', 1999), '19.99 EUR was confirmed, 29.97 EUR was expected'],
    [
      'currency',
      paidWith('stripe', 2997, 'usd'),
      '29.97 USD was confirmed, 29.97 EUR was expected',
    ],
  ])(
    'holds a payment whose %s differs, extends nothing and tells the admins',
    async (_, confirmation, reason) => {
      const person = await t.newPerson()
      const payment = await insertPendingPayment(db(), { trialRequestId: person.id })
      expect(await settle(payment.id, confirmation)).toEqual({
        status: 'needs_review',
        settledNow: false,
      })
      expect(await paymentOf(payment.id)).toMatchObject({
        status: 'needs_review',
        statusReason: reason,
        receiptNumber: null,
      })
      expect(await personOf(person.id)).toMatchObject({
        paidPlan: null,
        subscriptionStatus: 'trial',
      })
      expect(await notificationsOf(person.id, 'payment_needs_review')).toHaveLength(1)
      // A later, matching delivery does not settle it behind the admin's back.
      expect(await settle(payment.id)).toEqual({ status: 'needs_review', settledNow: false })
      expect((await personOf(person.id)).paidPlan).toBeNull()
    },
  )

  it('numbers receipts without a gap when a settle is rolled back', async () => {
    const numbers = async () =>
      (await db().select({ number: payments.receiptNumber }).from(payments))
        .map((row) => row.number)
        .filter((number) => number !== null)
    const highest = Math.max(...(await numbers()))
    const people = await Promise.all([t.newPerson(), t.newPerson(), t.newPerson()])
    const [first, failing, last] = await Promise.all(
      people.map((person) => insertPendingPayment(db(), { trialRequestId: person.id })),
    )
    await settle(first!.id)
    // The settle itself is done when its transaction fails before committing.
    const failed = db().transaction(async (tx) => {
      await settleWithin(tx, failing!.id, paidWith('stripe'), { now: t.now })
      throw new Error('the commit never happened')
    })
    await expect(failed).rejects.toThrow('the commit never happened')
    expect(await paymentOf(failing!.id)).toMatchObject({ status: 'pending', receiptNumber: null })
    await settle(last!.id)
    await settle(failing!.id)
    const given = await Promise.all(
      [first, last, failing].map(async (payment) => (await paymentOf(payment!.id)).receiptNumber),
    )
    expect(given).toEqual([highest + 1, highest + 2, highest + 3])
    const all = (await numbers()).sort((a, b) => a! - b!)
    expect(all).toEqual(Array.from({ length: all.length }, (_, index) => index + 1))
  })
})
