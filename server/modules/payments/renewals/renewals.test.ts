import { randomUUID } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import type { ParsedMail } from 'mailparser'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { addCalendarMonths } from '../../../../common/subscription-renewals'
import { startFakeStripe, type FakeStripe } from '../../../test/fake-stripe'
import { useMailServer } from '../../../test/mail-server'
import { insertPlan, paymentEnv, paymentRow } from '../../../test/payment-fixtures'
import { renewalProbes } from '../../../test/renewal-fixtures'
import { panelLine, panelSeconds } from '../../../test/supplier-server'
import { signedInCustomer } from '../../../test/customer-fixtures'
import { queryRows } from '../../../db/client'
import { autoRenewals } from '../../../db/schema/auto-renewals'
import { settleWithin } from '../settle-payment'
import { postgresOnly } from '../../../test/test-server'
import { cardVaultFor } from '../providers/payment-providers'
import { attemptRenewal } from './renewal-attempt'
import { recordDueRenewals, renewalBatchSize } from './renewal-due'

const hour = 3_600_000
const day = 24 * hour

let stripe: FakeStripe
beforeAll(async () => {
  stripe = await startFakeStripe()
})
afterAll(() => stripe.close())

const mailsTo = (mails: ParsedMail[], email: string) =>
  mails.filter((mail) => mail.to && 'text' in mail.to && mail.to.text === email)

// Issue 43, items 1 and 2: a card saved once with the first payment, charged off-session when
// the period has less than a day left, told three days before; one period charged once.
describe.each(postgresOnly)('automatic renewal on %s', (kind) => {
  const t = useMailServer(kind, () => paymentEnv({ stripe }))
  const db = () => t.server.app.db
  const probe = renewalProbes(t, () => stripe)
  beforeAll(() => {
    stripe.state.webhookUrl = `${t.server.baseUrl}/api/payments/stripe/webhook`
  })
  // Each test starts at today: Stripe's pages take expiry times from its own clock.
  beforeEach(() => probe.backToToday())

  it('saves the card of a first payment on one Customer and turns renewal on', async () => {
    const { person, payment, paymentMethodId } = await probe.autoRenewing({
      brand: 'mastercard',
      last4: '4444',
    })
    const session = stripe.session(payment.providerCheckoutId!)
    expect(session.customer).toMatch(/^cus_/)
    expect(session.params.payment_intent_data).toMatchObject({ setup_future_usage: 'off_session' })
    expect(payment.savesCard).toBe(true)
    expect(await probe.customerOf(person.id)).toMatchObject({
      customerId: session.customer,
      paymentMethodId,
      cardBrand: 'mastercard',
      cardLast4: '4444',
    })
    expect(stripe.cards.paymentMethods.get(paymentMethodId)!.customer).toBe(session.customer)
    expect(await probe.renewalOf(person.id)).toMatchObject({ autoRenew: true, status: 'active' })

    // Another checkout of theirs uses the same Customer; one without renewal saves nothing.
    const admin = await t.admin.post(`/api/trial-requests/${person.id}/checkout`, {
      planId: payment.planId,
      provider: 'stripe',
      autoRenew: false,
    })
    expect(admin.status).toBe(201)
    const plain = (await paymentRow(db(), admin.body.paymentId))!
    expect(plain.savesCard).toBe(false)
    expect(stripe.session(plain.providerCheckoutId!).customer).toBeNull()
    const again = await t.admin.post(`/api/trial-requests/${person.id}/checkout`, {
      planId: payment.planId,
      provider: 'stripe',
      months: 1,
    })
    expect(again.status).toBe(201)
    const againRow = (await paymentRow(db(), again.body.paymentId))!
    expect(againRow.savesCard).toBe(true)
    expect(stripe.session(againRow.providerCheckoutId!).customer).toBe(session.customer)
    const customersOfPerson = [...stripe.cards.customers.values()].filter(
      (customer) => customer.metadata.personId === person.id,
    )
    expect(customersOfPerson).toHaveLength(1)
  })

  it('refuses an autoRenew that is no boolean, naming the field', async () => {
    const { person, payment } = await probe.autoRenewing()
    const answer = await t.admin.post(`/api/trial-requests/${person.id}/checkout`, {
      planId: payment.planId,
      provider: 'stripe',
      autoRenew: 'yes',
    })
    expect(answer.status).toBe(400)
    expect(JSON.stringify(answer.body)).toContain('autoRenew')
  })

  it('tells three days before, charges the card a day before the end, once, with a receipt', async () => {
    const { person, end, plan } = await probe.autoRenewing()
    await t.flush()
    await probe.travelTo(new Date(end.getTime() - 3 * day + hour))
    const notice = mailsTo(await t.flush(), person.email)
    expect(notice.map((mail) => mail.subject)).toEqual([
      expect.stringMatching(/^Your StreamLine subscription renews on /),
    ])
    expect(notice[0]!.text).toContain('we will charge 29.99 EUR to your Visa •••• 4242')
    expect(notice[0]!.text).toMatch(/\/account\/sign-in\?token=/)
    expect(notice[0]!.html).toContain('Manage automatic renewal')
    // Instead of the "Renew now" reminders, never beside them.
    const kinds = (await t.messagesTo(person.email)).map((message) => message.kind)
    expect(kinds).not.toContain('subscription_reminder')
    expect(await probe.renewalsOf(person.id)).toEqual([])

    await probe.travelTo(new Date(end.getTime() - 23 * hour))
    const mails = mailsTo(await t.flush(), person.email)
    const [renewal] = await probe.renewalsOf(person.id)
    expect(renewal).toMatchObject({
      status: 'paid',
      provider: 'stripe',
      planId: plan.id,
      amountMinor: 2999,
      currency: 'EUR',
      months: 3,
      renewsPeriodEnd: end,
      previousEnd: end,
      newEnd: addCalendarMonths(end, 3),
      periodStart: end,
    })
    expect(await probe.attemptsOf(renewal!.id)).toEqual([
      expect.objectContaining({ number: 1, outcome: 'succeeded', code: null }),
    ])
    expect(probe.intentsOf(renewal!.id)).toHaveLength(1)
    const newEnd = addCalendarMonths(end, 3)
    expect((await probe.personOf(person.id)).subscriptionEndDate).toEqual(newEnd)
    expect(mails.map((mail) => mail.subject)).toContain(
      `Receipt ${renewal!.receiptNumber} from StreamLine`,
    )
    expect(await probe.trailOf(person.id)).toContain('trial_request.renew_automatically')
    await t.until(
      async () =>
        panelLine(t.supplier, (await probe.lineOf(person.id))!.username!).exp_date ===
        panelSeconds(newEnd),
    )

    // Again and again: the period is paid, nothing more is charged or recorded.
    await t.flush()
    await t.flush()
    expect(await probe.renewalsOf(person.id)).toHaveLength(1)
    expect(probe.intentsOf(renewal!.id)).toHaveLength(1)
  })

  it('charges once when the process dies after Stripe charged, whether the webhook comes first or not', async () => {
    const app = t.server.app
    const vault = cardVaultFor(app)!
    const died = async (request: Parameters<typeof vault.chargeSavedCard>[0]) => {
      await vault.chargeSavedCard(request)
      throw new Error('the process died')
    }
    const first = await probe.autoRenewing()
    const second = await probe.autoRenewing()
    // Both due at the same moment.
    await probe.travelTo(new Date(Math.max(first.end.getTime(), second.end.getTime()) - 23 * hour))
    stripe.state.webhookUrl = null
    try {
      expect((await recordDueRenewals(app, null)).recorded).toBeGreaterThanOrEqual(2)
      const [a] = await probe.renewalsOf(first.person.id)
      const [b] = await probe.renewalsOf(second.person.id)
      await expect(attemptRenewal(app, a!.id, died)).rejects.toThrow('the process died')
      await expect(attemptRenewal(app, b!.id, died)).rejects.toThrow('the process died')
      expect(await probe.attemptsOf(a!.id)).toEqual([
        expect.objectContaining({ number: 1, outcome: 'pending' }),
      ])
      // Within a minute the attempt may still be running somewhere: nobody asks again.
      await t.flush()
      expect((await probe.renewalsOf(first.person.id))[0]!.status).toBe('pending')

      // The first's webhook arrives before anyone asks again: it settles.
      const succeeded = stripe.state.events.find(
        (event) =>
          event.type === 'payment_intent.succeeded' &&
          (event.data.object as { metadata: { paymentId: string } }).metadata.paymentId === a!.id,
      )!
      stripe.state.webhookUrl = `${t.server.baseUrl}/api/payments/stripe/webhook`
      // Signed at our clock's moment (it has moved on months).
      const timestamp = Math.floor(t.now.getTime() / 1000)
      expect(await stripe.deliver(succeeded, { timestamp })).toBe(200)
      stripe.state.webhookUrl = null
      expect((await probe.renewalsOf(first.person.id))[0]!.status).toBe('paid')

      // A minute on, the round asks Stripe again under the same key: Stripe's first answer.
      t.advance(61_000)
      await t.flush()
    } finally {
      stripe.state.webhookUrl = `${t.server.baseUrl}/api/payments/stripe/webhook`
    }
    // The second's webhook comes after its answer was recorded: it changes nothing.
    const [secondPaid] = await probe.renewalsOf(second.person.id)
    const late = stripe.state.events.find(
      (event) =>
        event.type === 'payment_intent.succeeded' &&
        (event.data.object as { metadata: { paymentId: string } }).metadata.paymentId ===
          secondPaid!.id,
    )!
    expect(await stripe.deliver(late, { timestamp: Math.floor(t.now.getTime() / 1000) })).toBe(200)
    expect((await probe.renewalsOf(second.person.id))[0]).toEqual(secondPaid)
    for (const { person } of [first, second]) {
      const [renewal] = await probe.renewalsOf(person.id)
      expect(renewal).toMatchObject({ status: 'paid', newEnd: expect.any(Date) })
      expect(await probe.attemptsOf(renewal!.id)).toEqual([
        expect.objectContaining({ number: 1, outcome: 'succeeded' }),
      ])
      expect(probe.intentsOf(renewal!.id)).toHaveLength(1)
      const receipts = (await t.messagesTo(person.email)).filter(
        (message) =>
          message.kind === 'payment_receipt' &&
          message.variables.receiptNumber === String(renewal!.receiptNumber),
      )
      expect(receipts).toHaveLength(1)
    }
  })

  it('charges the plan scheduled for the next period, and moves the subscription onto it', async () => {
    const { person, end } = await probe.autoRenewing()
    const cheaper = await insertPlan(db(), {
      name: 'Solo',
      price: '9.99',
      billingPeriod: 'monthly',
    })
    await db()
      .update(autoRenewals)
      .set({ scheduledPlanId: cheaper.id })
      .where(eq(autoRenewals.trialRequestId, person.id))
    await probe.travelTo(new Date(end.getTime() - 23 * hour))
    await t.flush()
    const newEnd = addCalendarMonths(end, 1)
    expect((await probe.renewalsOf(person.id))[0]).toMatchObject({
      status: 'paid',
      planId: cheaper.id,
      planName: 'Solo',
      amountMinor: 999,
      months: 1,
      newEnd,
    })
    expect(await probe.personOf(person.id)).toMatchObject({
      paidPlan: 'Solo',
      subscriptionEndDate: newEnd,
    })
    expect(await probe.renewalOf(person.id)).toMatchObject({
      status: 'active',
      scheduledPlanId: null,
    })
  })

  it('records more periods than a batch, each once, though SQL wrote their ends to the microsecond', async () => {
    const count = renewalBatchSize + 1
    const marker = `batch-${randomUUID().slice(0, 8)}`
    const plan = await insertPlan(db(), { name: `Plan ${marker}`, billingPeriod: 'monthly' })
    const people = sql`(select id from trial_requests where email like ${`${marker}%`})`
    await db().execute(sql`insert into trial_requests (first_name, last_name, name, email,
        plan, subscription_id, email_key, subscription_status, paid_plan, subscription_end_date)
      select 'Renew', 'N' || g, 'Renew N' || g, ${marker} || g || '@example.com', ${plan.name},
        'SUB-' || upper(left(md5(${marker} || g), 8)),
        ${marker} || g || '@example.com', 'active', ${plan.name},
        ${t.now.toISOString()}::timestamptz + interval '10 minutes' + g * interval '1137 microseconds'
      from generate_series(1, ${count}::int) as g`)
    await db().execute(sql`insert into auto_renewals (trial_request_id, auto_renew, status)
      select id, true, 'active' from ${people} as people`)
    const recordedOf = sql`select count(*)::int as n from payments where trial_request_id in ${people}`
    try {
      const first = await recordDueRenewals(t.server.app, null)
      expect(first).toMatchObject({ recorded: renewalBatchSize, next: expect.any(String) })
      const rest = await recordDueRenewals(t.server.app, first.next)
      expect(rest.next).toBeNull()
      // From the start again: every period has its row, found though its end came from SQL.
      expect(await recordDueRenewals(t.server.app, null)).toEqual({ recorded: 0, next: null })
      expect(await queryRows(db(), recordedOf)).toEqual([{ n: count }])
    } finally {
      await db().execute(sql`delete from payments where trial_request_id in ${people}`)
      await db().execute(sql`delete from auto_renewals where trial_request_id in ${people}`)
      await db().execute(sql`delete from trial_requests where id in ${people}`)
    }
  })

  it('takes the card in the renewal round when the settle’s follow-up died', async () => {
    const plan = await insertPlan(db())
    const person = await t.newPerson({ email: `died-${randomUUID()}@example.com` })
    const customer = await signedInCustomer(t.server, person, t.now)
    const answer = await customer.post('/api/account/checkout', {
      planId: plan.id,
      provider: 'stripe',
    })
    const payment = (await paymentRow(db(), answer.body.paymentId))!
    stripe.state.webhookUrl = null
    try {
      await stripe.pay(payment.providerCheckoutId!)
    } finally {
      stripe.state.webhookUrl = `${t.server.baseUrl}/api/payments/stripe/webhook`
    }
    const intentId = stripe.session(payment.providerCheckoutId!).payment_intent as string
    // Only the settle's transaction ran: its process died before the follow-up.
    const confirmation = { amountMinor: 2999, currency: 'EUR', providerPaymentId: intentId }
    await db().transaction((tx) =>
      settleWithin(tx, payment.id, { ...confirmation, via: 'stripe' }, { now: t.now }),
    )
    await t.flush()
    // Within a minute the follow-up of a live process may still take it: the round leaves it.
    expect(await probe.renewalOf(person.id)).toBeUndefined()
    t.advance(61_000)
    await t.flush()
    expect(await probe.renewalOf(person.id)).toMatchObject({ autoRenew: true, status: 'active' })
    expect(await probe.customerOf(person.id)).toMatchObject({
      cardBrand: 'visa',
      cardLast4: '4242',
      paymentMethodId: expect.stringMatching(/^pm_/),
    })
    expect((await paymentRow(db(), payment.id))!.cardTakenAt).toEqual(t.now)
  })
})
