import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { CustomerAccount } from '../../../../common/customer-account'
import { renewalEnd } from '../../../../common/subscription-renewals'
import { payments } from '../../../db/schema/payments'
import { trialRequests } from '../../../db/schema/trial-requests'
import { createClient } from '../../../test/http-client'
import { startFakeBtcpay, type FakeBtcpay } from '../../../test/fake-btcpay'
import { startFakeStripe, type FakeStripe } from '../../../test/fake-stripe'
import { publicUrl, useMailServer } from '../../../test/mail-server'
import { insertPayment, insertPlan, paymentEnv, paymentRow } from '../../../test/payment-fixtures'
import { postgresOnly } from '../../../test/test-server'

const hour = 60 * 60_000
const day = 24 * hour

let stripe: FakeStripe
let btcpay: FakeBtcpay
beforeAll(async () => {
  ;[stripe, btcpay] = await Promise.all([startFakeStripe(), startFakeBtcpay()])
})
afterAll(() => Promise.all([stripe.close(), btcpay.close()]))

const setups = postgresOnly.flatMap((kind) => [
  { kind, withBtcpay: true, provider: 'btcpay' as const },
  { kind, withBtcpay: false, provider: 'stripe' as const },
])

// Issue 43, item 6: a customer without automatic renewal renews from the last reminders in one tap.
describe.each(setups)('one-tap renewal from a reminder ($kind, $provider)', (setup) => {
  const t = useMailServer(setup.kind, () =>
    paymentEnv({ stripe, ...(setup.withBtcpay ? { btcpay } : {}) }),
  )
  beforeAll(() => {
    stripe.state.webhookUrl = `${t.server.baseUrl}/api/payments/stripe/webhook`
    btcpay.state.webhookUrl = `${t.server.baseUrl}/api/payments/btcpay/webhook`
  })
  const db = () => t.server.app.db

  /** A customer who paid a quarter of `plan` 80 days ago, their subscription ending at `end`. */
  async function payingSince(personId: string, plan: { id: string; name: string }, end: Date) {
    await insertPayment(db(), {
      trialRequestId: personId,
      planId: plan.id,
      planName: plan.name,
      months: 3,
      currency: 'EUR',
      paidAt: new Date(t.now.getTime() - 80 * day),
    })
    await db()
      .update(trialRequests)
      .set({
        subscriptionStatus: 'active',
        paidPlan: plan.name,
        subscriptionStartDate: new Date(end.getTime() - 90 * day),
        subscriptionEndDate: end,
      })
      .where(eq(trialRequests.id, personId))
  }

  /** The reminder's "Renew now" link in the latest e-mail to `email` that arrived. */
  async function renewLinkTo(email: string) {
    const texts = (await t.flush())
      .filter((mail) => [mail.to ?? []].flat().some((to) => to.text.includes(email)))
      .map((mail) => mail.text ?? '')
    expect(texts).toHaveLength(1)
    const link = /https:\/\/\S+\/account\/sign-in\?token=[\w-]{43}&renew=1[^\s)\]>]*/.exec(
      texts[0]!,
    )?.[0]
    expect(link).toBeDefined()
    return new URL(link!)
  }

  it('leads from the 3-day reminder, once signed in, to a checkout of the plan paid for, paid once as a renewal', async () => {
    const saved = await t.admin.put('/api/settings/reminders', {
      subscriptionReminderDays: [7, 3, 1],
      trialReminderHours: [24],
      sendsExpiryMessage: false,
    })
    expect(saved.status).toBe(200)
    const plan = await insertPlan(db(), { name: `Family ${setup.provider} ${setup.kind}` })
    const person = await t.newPerson({
      email: `one-tap-${setup.provider}-${setup.kind}@example.com`,
    })
    const endingIn = (ms: number) =>
      db()
        .update(trialRequests)
        .set({ subscriptionEndDate: new Date(t.now.getTime() + ms) })
        .where(eq(trialRequests.id, person.id))
    const end = new Date(t.now.getTime() + 7 * day - hour)
    await payingSince(person.id, plan, end)

    // A week before, "Renew now" opens the renew panel only.
    const weekBefore = await renewLinkTo(person.email)
    expect(weekBefore.searchParams.has('pay')).toBe(false)

    // Three days before (the end moved rather than the clock: Stripe takes a checkout's
    // expiry by its own clock), the button is the one-tap one.
    await endingIn(3 * day - hour)
    const [ending] = await db().select().from(trialRequests).where(eq(trialRequests.id, person.id))
    const link = await renewLinkTo(person.email)
    expect(link.origin).toBe(publicUrl)
    expect(link.searchParams.get('plan')).toBe(plan.id)
    expect(link.searchParams.get('pay')).toBe('1')
    // The link pays nothing by itself: nothing is made until the page, signed in, asks.
    const before = await db().select().from(payments).where(eq(payments.trialRequestId, person.id))
    expect(before).toHaveLength(1)

    // What the account page does with it: signs in, then starts the plan's checkout itself.
    const browser = createClient(t.server.baseUrl)
    const signedIn = await browser.post('/api/account/sign-in', {
      token: link.searchParams.get('token'),
    })
    expect(signedIn.status).toBe(200)
    const account = (await browser.get<CustomerAccount>('/api/account')).body
    const ids = account.providers.map((provider) => provider.id)
    const provider = ids.includes('btcpay') ? 'btcpay' : 'stripe'
    expect(provider).toBe(setup.provider)
    const checkout = await browser.post('/api/account/checkout', {
      planId: link.searchParams.get('plan'),
      provider,
    })
    expect(checkout.status).toBe(201)
    const pending = (await paymentRow(db(), checkout.body.paymentId))!
    expect(pending).toMatchObject({
      planId: plan.id,
      months: 3,
      amountMinor: 2999,
      provider: setup.provider,
      kind: 'renewal',
      status: 'pending',
    })
    const used = await createClient(t.server.baseUrl).post('/api/account/sign-in', {
      token: link.searchParams.get('token'),
    })
    expect(used.status).toBe(410)

    const checkoutId = pending.providerCheckoutId!
    if (setup.provider === 'btcpay') {
      expect(await btcpay.pay(checkoutId)).toBe(200)
      expect(await btcpay.redeliver(btcpay.state.deliveries.at(-1)!)).toBe(200)
    } else {
      expect(await stripe.pay(checkoutId)).toBe(200)
      const completed = stripe.state.events.findLast(
        (event) => event.type === 'checkout.session.completed',
      )!
      expect(await stripe.deliver(completed)).toBe(200)
    }
    const paid = (await paymentRow(db(), pending.id))!
    expect(paid).toMatchObject({ status: 'paid', kind: 'renewal' })
    const [after] = await db().select().from(trialRequests).where(eq(trialRequests.id, person.id))
    expect(after!.subscriptionEndDate).toEqual(
      renewalEnd(ending!.subscriptionEndDate, 3, paid.paidAt!),
    )
    expect(after!.subscriptionStatus).toBe('active')
  })

  it('puts the one-tap button in the last day’s reminder too', async () => {
    const plan = await insertPlan(db(), { name: `Solo ${setup.provider} ${setup.kind}` })
    const person = await t.newPerson({
      email: `last-day-${setup.provider}-${setup.kind}@example.com`,
    })
    await payingSince(person.id, plan, new Date(t.now.getTime() + day - hour))
    const link = await renewLinkTo(person.email)
    expect(link.searchParams.get('plan')).toBe(plan.id)
    expect(link.searchParams.get('pay')).toBe('1')
  })
})
