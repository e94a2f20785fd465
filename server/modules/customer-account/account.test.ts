import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { m3uLines } from '../../db/schema/m3u-lines'
import { payments } from '../../db/schema/payments'
import { trialRequests } from '../../db/schema/trial-requests'
import { telegramBindings } from '../../db/schema/telegram'
import { signedInCustomer, signInTokenIn } from '../../test/customer-fixtures'
import { startFakeStripe, type FakeStripe } from '../../test/fake-stripe'
import { createClient } from '../../test/http-client'
import { insertPayment, insertPlan, laterStripeEnv, paymentRow } from '../../test/payment-fixtures'
import { postgresOnly, useAdminServer } from '../../test/test-server'
import { insertTrialRequest } from '../../test/trial-fixtures'
import { handleUpdate } from '../telegram/handle-update'

let stripe: FakeStripe
beforeAll(async () => {
  stripe = await startFakeStripe()
})
afterAll(() => stripe.close())

const day = 24 * 60 * 60_000

describe.each(postgresOnly)("a customer's own account (%s)", (kind) => {
  const context = useAdminServer(kind, {
    env: laterStripeEnv(() => stripe, { PUBLIC_URL: 'https://shop.example.com' }),
  })
  const db = () => context.server.app.db

  /** A paying customer on Family with a line and one settled payment, signed in. */
  async function payingCustomer() {
    const plan = await insertPlan(db(), { name: 'Family' })
    const endsAt = new Date(Date.now() + 20 * day)
    const person = await insertTrialRequest(db(), {
      subscriptionStatus: 'active',
      paidPlan: 'Family',
      subscriptionPrice: '29.99',
      subscriptionEndDate: endsAt,
      device: 'Fire TV with TiviMate',
    })
    await db()
      .insert(m3uLines)
      .values({
        trialRequestId: person.id,
        supplierId: `L${person.subscriptionId}`,
        subscriptionType: 3,
        packageId: '3',
        username: `user${person.subscriptionId}`.toLowerCase(),
        password: 'line-password-1',
        m3uUrl: `https://panel.example.com/get.php?username=u${person.id}`,
        expiresAt: endsAt,
      })
    const paid = await insertPayment(db(), {
      trialRequestId: person.id,
      planId: plan.id,
      planName: 'Family',
      months: 3,
      currency: 'EUR',
      receiptNumber: 1_000_000 + Math.floor(Math.random() * 1_000_000),
      paidAt: new Date(),
      newEnd: endsAt,
    })
    const customer = await signedInCustomer(context.server, person)
    return { plan, person, paid, endsAt, customer }
  }

  it('answers the signed-in person only, in the documented shape', async () => {
    const { plan, person, paid, endsAt, customer } = await payingCustomer()
    const premium = await insertPlan(db(), { name: 'Premium', billingPeriod: 'annual' })
    const answer = await customer.get('/api/account')
    expect(answer.status).toBe(200)
    expect(answer.headers.get('cache-control')).toBe('no-store')
    expect(answer.body).toEqual({
      person: { firstName: person.firstName, lastName: person.lastName, email: person.email },
      subscription: {
        status: 'active',
        planName: 'Family',
        isTrial: false,
        endsAt: endsAt.toISOString(),
        // The plan and term paid for last.
        renewPlanId: plan.id,
      },
      line: {
        serverUrl: 'https://panel.example.com',
        username: expect.stringMatching(/^usersub-/),
        password: 'line-password-1',
        m3uUrl: expect.stringContaining(person.id),
        expiresAt: endsAt.toISOString(),
        maxConnections: expect.any(Number),
        status: 'active',
      },
      // Paid once, by hand: nothing renews by itself until a card is saved.
      renewal: {
        autoRenew: false,
        status: 'off',
        nextChargeAt: null,
        amount: null,
        currency: null,
        planId: null,
        paymentMethod: null,
        nextAttemptAt: null,
        lastFailure: null,
        scheduledPlan: null,
      },
      payments: [
        {
          id: paid.id,
          paidAt: paid.paidAt!.toISOString(),
          amount: '29.99',
          currency: 'EUR',
          months: 3,
          status: 'paid',
          receiptNumber: paid.receiptNumber,
          refundedAmount: '0.00',
          refundedAt: null,
          isSavingCard: false,
        },
      ],
      // Every plan on sale, each with its term: a renewal may move to another.
      plans: expect.arrayContaining([
        { id: plan.id, name: 'Family', months: 3, price: '29.99', currency: 'EUR' },
        { id: premium.id, name: 'Premium', months: 12, price: '29.99', currency: 'EUR' },
      ]),
      providers: [{ id: 'stripe', name: 'Stripe' }],
    })
    const guides = await customer.get('/api/account/device-guides')
    expect(guides.body.suggested).toBe('TiviMate')
    expect(guides.body.guides.length).toBeGreaterThan(3)
  })

  it('says a paid checkout’s card is still being saved until it is taken from Stripe', async () => {
    // The page that came back from the checkout looks again meanwhile (get-account.ts).
    const { paid, customer } = await payingCustomer()
    const isSavingCard = async () =>
      (await customer.get('/api/account')).body.payments[0].isSavingCard
    await db().update(payments).set({ savesCard: true }).where(eq(payments.id, paid.id))
    expect(await isSavingCard()).toBe(true)
    await db().update(payments).set({ cardTakenAt: new Date() }).where(eq(payments.id, paid.id))
    expect(await isSavingCard()).toBe(false)
  })

  it("says the screens of the customer's own line, else of their plan, not the default", async () => {
    // The Business Settings' default is 2: a Starter line with 1 screen must say 1.
    const { person, customer } = await payingCustomer()
    await db()
      .update(m3uLines)
      .set({ maxConnections: 1 })
      .where(eq(m3uLines.trialRequestId, person.id))
    expect((await customer.get('/api/account')).body.line.maxConnections).toBe(1)

    // A line made before lines recorded their screens: the plan's (a unique name of its own).
    const planName = `Household ${person.id.slice(0, 8)}`
    await insertPlan(db(), { name: planName, maxConnections: 3 })
    await db()
      .update(trialRequests)
      .set({ paidPlan: planName })
      .where(eq(trialRequests.id, person.id))
    await db()
      .update(m3uLines)
      .set({ maxConnections: null })
      .where(eq(m3uLines.trialRequestId, person.id))
    expect((await customer.get('/api/account')).body.line.maxConnections).toBe(3)
  })

  it("gives a trial's end as its line's expiry: the trial runs from the login's arrival", async () => {
    const person = await insertTrialRequest(db(), { subscriptionStatus: 'trial' })
    const customer = await signedInCustomer(context.server, person)
    expect((await customer.get('/api/account')).body.subscription).toMatchObject({
      isTrial: true,
      endsAt: null,
    })
    const expiresAt = new Date(Date.now() + day)
    await db()
      .insert(m3uLines)
      .values({
        trialRequestId: person.id,
        supplierId: `L${person.subscriptionId}`,
        subscriptionType: 99,
        packageId: '3',
        isTrial: true,
        username: `trial${person.subscriptionId}`.toLowerCase(),
        password: 'line-password-2',
        m3uUrl: `https://panel.example.com/get.php?username=t${person.id}`,
        expiresAt,
      })
    expect((await customer.get('/api/account')).body.subscription.endsAt).toBe(
      expiresAt.toISOString(),
    )
  })

  it("shows the customer's own receipts, and no one else's", async () => {
    const own = await payingCustomer()
    const other = await payingCustomer()
    const receipt = await own.customer.get(`/api/account/payments/${own.paid.id}/receipt`)
    expect(receipt.status).toBe(200)
    expect(receipt.body).toMatchObject({
      receiptNumber: own.paid.receiptNumber,
      customerName: own.person.name,
      customerEmail: own.person.email,
      planName: 'Family',
      months: 3,
      amount: '29.99',
      currency: 'EUR',
      periodEnd: own.endsAt.toISOString(),
    })
    const theirs = await own.customer.get(`/api/account/payments/${other.paid.id}/receipt`)
    expect(theirs.status).toBe(404)
    expect(theirs.body).toEqual({ message: 'Receipt not found' })
    const unknown = await own.customer.get(`/api/account/payments/${crypto.randomUUID()}/receipt`)
    expect(unknown.status).toBe(404)
    expect(unknown.body).toEqual(theirs.body)

    const activity = await context.admin.get(
      `/api/trial-requests/${own.person.id}/account-activity`,
    )
    expect(activity.body.entries[0]).toMatchObject({
      action: 'receipt_viewed',
      detail: `Receipt ${own.paid.receiptNumber}`,
    })
  })

  it('renews through the pay-link code, coming back to the account page', async () => {
    const { plan, person, customer } = await payingCustomer()
    const answer = await customer.post('/api/account/checkout', {
      planId: plan.id,
      provider: 'stripe',
    })
    expect(answer.status).toBe(201)
    expect(answer.body).toEqual({
      paymentId: expect.any(String),
      checkoutUrl: expect.stringMatching(/\/pay\/cs_test_/),
    })
    const { paymentId } = answer.body
    const call = stripe.state.calls.findLast((c) => c.path === '/v1/checkout/sessions')!
    expect(call.idempotencyKey).toBe(paymentId)
    expect(call.params).toMatchObject({
      success_url: `https://shop.example.com/account?payment=${paymentId}`,
      cancel_url: 'https://shop.example.com/account?renew=1&cancelled=1',
      // Automatic renewal is on by default: the card is saved on the person's Customer.
      customer: expect.stringMatching(/^cus_/),
      payment_intent_data: expect.objectContaining({ setup_future_usage: 'off_session' }),
    })
    expect(await paymentRow(db(), paymentId)).toMatchObject({
      trialRequestId: person.id,
      amountMinor: 2999,
      months: 3,
      status: 'pending',
      createdBy: 'customer',
    })
    // Asked again (a double tap), the same payment and the same session come back.
    const again = await customer.post('/api/account/checkout', {
      planId: plan.id,
      provider: 'stripe',
    })
    expect(again.body).toEqual(answer.body)
    const listed = await customer.get('/api/account')
    expect(listed.body.payments[0]).toMatchObject({ id: paymentId, status: 'pending' })

    const other = await insertPlan(db(), { name: 'Premium', active: false })
    const refused = await customer.post('/api/account/checkout', {
      planId: other.id,
      provider: 'stripe',
    })
    expect(refused.status).toBe(400)
    expect(refused.body.issues[0].path).toBe('planId')
    const badProvider = await customer.post('/api/account/checkout', {
      planId: plan.id,
      provider: 'btcpay',
    })
    expect(badProvider.status).toBe(409)

    const activity = await context.admin.get(`/api/trial-requests/${person.id}/account-activity`)
    expect(activity.body.entries.map((entry: { action: string }) => entry.action)).toContain(
      'checkout_started',
    )
  })

  it('gives a bound Telegram chat a fresh sign-in link with /account', async () => {
    const person = await insertTrialRequest(db())
    const chatId = 700_000 + Math.floor(Math.random() * 100_000)
    await db()
      .insert(telegramBindings)
      .values({
        personId: person.id,
        startToken: `start${chatId}`,
        chatId,
        status: 'bound',
        boundAt: new Date(),
      })
    const site = { brandName: 'StreamLine', origin: 'https://shop.example.com' }
    const update = (id: number, text: string, chat = chatId) => ({
      update_id: id,
      message: { chat: { id: chat, type: 'private' }, text },
    })
    const reply = await handleUpdate(db(), update(chatId, '/account'), site, new Date())
    expect(reply?.text).toContain('https://shop.example.com/account/sign-in?token=')
    const customer = createClient(context.server.baseUrl)
    const signedIn = await customer.post('/api/account/sign-in', {
      token: signInTokenIn(reply?.text),
    })
    expect(signedIn.status).toBe(200)
    expect((await customer.get('/api/account')).body.person.email).toBe(person.email)

    const stranger = await handleUpdate(db(), update(chatId + 1, '/account', 1), site, new Date())
    expect(stranger?.text).not.toContain('/account/sign-in')
  })
})
