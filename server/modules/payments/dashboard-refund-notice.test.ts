import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { trialRequests } from '../../db/schema/trial-requests'
import { startFakeStripe, type FakeStripe } from '../../test/fake-stripe'
import { useMailServer } from '../../test/mail-server'
import { insertPlan, paymentEnv, paymentRow } from '../../test/payment-fixtures'
import { postgresOnly } from '../../test/test-server'

const longDate = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'UTC' })

let stripe: FakeStripe
beforeAll(async () => {
  stripe = await startFakeStripe()
})
afterAll(() => stripe.close())

// Issue 44, item 6: a refund made in Stripe's dashboard e-mails the customer as one made in the
// Business Center does, once however often Stripe delivers it; our own refund's charge.refunded
// coming back sends nothing more.
describe.each(postgresOnly)('a refund e-mail, whoever refunded on Stripe, on %s', (kind) => {
  const t = useMailServer(kind, () => paymentEnv({ stripe }))
  const db = () => t.server.app.db
  beforeAll(() => {
    stripe.state.webhookUrl = `${t.server.baseUrl}/api/payments/stripe/webhook`
  })

  /** A customer who paid 29.99 EUR on Stripe's page, their payment and Stripe's session. */
  async function paidCheckout() {
    const plan = await insertPlan(db(), { name: `Family ${randomUUID().slice(0, 6)}` })
    const person = await t.newPerson({ email: `refund-${randomUUID()}@example.com` })
    const answer = await t.admin.post(`/api/trial-requests/${person.id}/checkout`, {
      planId: plan.id,
      provider: 'stripe',
    })
    expect(answer.status).toBe(201)
    const paymentId: string = answer.body.paymentId
    const sessionId = (await paymentRow(db(), paymentId))!.providerCheckoutId!
    expect(await stripe.pay(sessionId)).toBe(200)
    const paid = (await paymentRow(db(), paymentId))!
    expect(paid.status).toBe('paid')
    return { person, plan, paid, sessionId }
  }
  /** The refund e-mails the customer received, subject and text, once the outbox ran. */
  async function refundMailsTo(email: string) {
    await t.flush()
    return t.smtp.received
      .filter((mail) => [mail.to ?? []].flat().some((to) => to.text.includes(email)))
      .filter((mail) => mail.subject?.startsWith('Refund'))
      .map((mail) => ({ subject: mail.subject, text: mail.text }))
  }
  /** Stripe's last charge.refunded for the session's payment. */
  const lastChargeRefunded = (sessionId: string) =>
    stripe.state.events.findLast(
      (event) =>
        event.type === 'charge.refunded' &&
        (event.data.object as { payment_intent?: string }).payment_intent ===
          stripe.session(sessionId).payment_intent,
    )!

  it('tells the customer of a dashboard refund once, however often Stripe delivers it', async () => {
    const { person, plan, paid, sessionId } = await paidCheckout()
    expect(await stripe.refundInDashboard(sessionId, 500)).toBe(200)
    const event = lastChargeRefunded(sessionId)
    // Stripe redelivers the same event, and reports the same total again in a later one.
    expect(await stripe.deliver(event)).toBe(200)
    expect(await stripe.deliver({ ...event, id: `${event.id}_later` })).toBe(200)

    const mails = await refundMailsTo(person.email)
    expect(mails).toHaveLength(1)
    expect(mails[0]!.subject).toBe(`Refund of 5.00 EUR for receipt ${paid.receiptNumber}`)
    expect(mails[0]!.text).toContain(
      `We have refunded 5.00 EUR of your payment for ${plan.name}, receipt ${paid.receiptNumber}.`,
    )
    // Stripe's dashboard shortens nothing: no new end to tell.
    expect(mails[0]!.text).not.toContain('now runs until')

    // A second refund there is its own e-mail, of its own amount.
    expect(await stripe.refundInDashboard(sessionId, 2499)).toBe(200)
    expect((await refundMailsTo(person.email)).map((mail) => mail.subject)).toEqual([
      `Refund of 5.00 EUR for receipt ${paid.receiptNumber}`,
      `Refund of 24.99 EUR for receipt ${paid.receiptNumber}`,
    ])
    expect(await paymentRow(db(), paid.id)).toMatchObject({
      status: 'refunded',
      refundedMinor: 2999,
    })
  })

  it('sends one e-mail, with the shortened end, when our own refund comes back from Stripe', async () => {
    const { person, paid, sessionId } = await paidCheckout()
    const answer = await t.admin.post(`/api/payments/${paid.id}/refund`, {
      amount: '10.00',
      reason: 'One month unused',
      shortenSubscription: true,
      requestId: randomUUID(),
    })
    expect(answer.status).toBe(200)
    // Stripe's charge.refunded came while we asked, and comes again.
    expect(await stripe.deliver(lastChargeRefunded(sessionId))).toBe(200)
    expect(
      await stripe.deliver({
        ...lastChargeRefunded(sessionId),
        id: `${lastChargeRefunded(sessionId).id}_again`,
      }),
    ).toBe(200)

    const [shortened] = await db()
      .select({ end: trialRequests.subscriptionEndDate })
      .from(trialRequests)
      .where(eq(trialRequests.id, person.id))
    const mails = await refundMailsTo(person.email)
    expect(mails.map((mail) => mail.subject)).toEqual([
      `Refund of 10.00 EUR for receipt ${paid.receiptNumber}`,
    ])
    expect(mails[0]!.text).toContain(
      `Your subscription now runs until ${longDate.format(shortened!.end!)}.`,
    )
  })
})
