import type { ParsedMail } from 'mailparser'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { addCalendarMonths } from '../../../../common/subscription-renewals'
import { startFakeStripe, type FakeStripe } from '../../../test/fake-stripe'
import { useMailServer } from '../../../test/mail-server'
import { paymentEnv } from '../../../test/payment-fixtures'
import { renewalProbes } from '../../../test/renewal-fixtures'
import { panelLine } from '../../../test/supplier-server'
import { postgresOnly } from '../../../test/test-server'

const hour = 3_600_000
const day = 24 * hour

let stripe: FakeStripe
beforeAll(async () => {
  stripe = await startFakeStripe()
})
afterAll(() => stripe.close())

const subjectsTo = (mails: ParsedMail[], email: string) =>
  mails
    .filter((mail) => mail.to && 'text' in mail.to && mail.to.text === email)
    .map((mail) => mail.subject)

// Issue 43, items 3 and 5 (Retry now): a declined renewal is retried on a schedule while the line
// stays on for the grace period, goes off after it, and comes back once paid; never cut unwarned.
describe.each(postgresOnly)('a renewal whose card declines, on %s', (kind) => {
  const t = useMailServer(kind, () => paymentEnv({ stripe }))
  const probe = renewalProbes(t, () => stripe)
  beforeAll(() => {
    stripe.state.webhookUrl = `${t.server.baseUrl}/api/payments/stripe/webhook`
  })
  beforeEach(() => probe.backToToday())

  /** An auto-renewing customer whose card now answers `behaviour`, a day before the end. */
  async function declinedAtFirst(
    behaviour: Parameters<FakeStripe['cards']['setBehaviour']>[1] = {
      declineCode: 'insufficient_funds',
    },
  ) {
    const customer = await probe.autoRenewing()
    await t.flush()
    stripe.cards.setBehaviour(customer.paymentMethodId, behaviour)
    const first = new Date(customer.end.getTime() - 23 * hour)
    await probe.travelTo(first)
    const mails = subjectsTo(await t.flush(), customer.person.email)
    const [renewal] = await probe.renewalsOf(customer.person.id)
    return { ...customer, first, mails, renewal: renewal! }
  }
  const renewalKinds = [
    'renewal_notice',
    'renewal_failed',
    'renewal_authentication',
    'renewal_line_off',
    'renewal_ended',
  ]
  /** Automatic renewal's e-mails queued to `email`, oldest first. */
  const kindsTo = async (email: string) =>
    (await t.messagesTo(email))
      .map((message) => message.kind)
      .filter((kind) => renewalKinds.includes(kind))

  it('retries a soft decline on its days, switches the line off after the grace, and Retry now brings it back', async () => {
    const { person, end, first, mails, renewal, paymentMethodId } = await declinedAtFirst()
    expect(renewal).toMatchObject({ status: 'pending', retryAt: new Date(first.getTime() + day) })
    expect(await probe.attemptsOf(renewal.id)).toEqual([
      expect.objectContaining({ number: 1, outcome: 'declined', code: 'insufficient_funds' }),
    ])
    expect(await probe.renewalOf(person.id)).toMatchObject({ autoRenew: true, status: 'retrying' })
    expect((await probe.personOf(person.id)).subscriptionStatus).toBe('active')
    expect(mails).toEqual(['We could not renew your StreamLine subscription'])
    const lineOffAt = new Date(end.getTime() + 3 * day)
    expect((await probe.lineOf(person.id))!.expiresAt).toEqual(lineOffAt)

    // A day after the first decline, the second try; then two days later the third.
    await probe.travelTo(new Date(first.getTime() + day))
    await t.flush()
    expect((await probe.renewalsOf(person.id))[0]).toMatchObject({
      status: 'pending',
      retryAt: new Date(first.getTime() + 3 * day),
    })
    // The day before the grace ends: told the line goes off, and it is still on.
    await probe.travelTo(new Date(lineOffAt.getTime() - day + hour))
    expect(subjectsTo(await t.flush(), person.email)).toEqual([
      'Your StreamLine line is switched off tomorrow',
    ])
    expect((await probe.lineOf(person.id))!.isEnabled).toBe(true)
    expect((await probe.attemptsOf(renewal.id)).map((a) => a.outcome)).toEqual([
      'declined',
      'declined',
      'declined',
    ])

    // The grace over: the line goes off on the panel, the renewal past due.
    await probe.travelTo(new Date(lineOffAt.getTime() + hour))
    await t.flush()
    expect(await probe.renewalOf(person.id)).toMatchObject({ status: 'past_due' })
    const username = (await probe.lineOf(person.id))!.username!
    await t.until(async () => panelLine(t.supplier, username).enabled === '0')
    expect((await probe.personOf(person.id)).subscriptionStatus).toBe('active')

    // A good card now, and staff's Retry now: charged at once, the line back within moments,
    // the new period from the payment (the grace had passed).
    stripe.cards.setBehaviour(paymentMethodId, 'succeeds')
    const retry = await t.admin.post(`/api/trial-requests/${person.id}/renewal/retry`)
    expect(retry.status).toBe(200)
    expect(retry.body).toEqual({ outcome: 'succeeded', code: null })
    await t.until(async () => panelLine(t.supplier, username).enabled === '1')
    const newEnd = addCalendarMonths(t.now, 3)
    expect(await probe.personOf(person.id)).toMatchObject({
      subscriptionStatus: 'active',
      subscriptionEndDate: newEnd,
    })
    expect((await probe.renewalsOf(person.id))[0]).toMatchObject({ status: 'paid', newEnd })
    expect(await probe.renewalOf(person.id)).toMatchObject({ status: 'active' })
    const again = await t.admin.post(`/api/trial-requests/${person.id}/renewal/retry`)
    expect(again.status).toBe(409)
    expect(await probe.trailOf(person.id)).toEqual(
      expect.arrayContaining([
        'trial_request.renewal_declined',
        'trial_request.renewal_line_off',
        'trial_request.retry_renewal',
        'trial_request.renew_automatically',
      ]),
    )
    // Each e-mail once, whatever ran how often.
    expect(await kindsTo(person.email)).toEqual(['renewal_failed', 'renewal_line_off'])
  })

  it('runs the new period from the old end when a retry is paid within the grace', async () => {
    const { person, end, first, paymentMethodId } = await declinedAtFirst()
    stripe.cards.setBehaviour(paymentMethodId, 'succeeds')
    await probe.travelTo(new Date(first.getTime() + day))
    await t.flush()
    const newEnd = addCalendarMonths(end, 3)
    expect((await probe.renewalsOf(person.id))[0]).toMatchObject({
      status: 'paid',
      periodStart: end,
      newEnd,
    })
    expect((await probe.personOf(person.id)).subscriptionEndDate).toEqual(newEnd)
    expect((await probe.lineOf(person.id))!.expiresAt).toEqual(newEnd)
    expect(await probe.renewalOf(person.id)).toMatchObject({ status: 'active' })
  })

  it('ends the subscription when the last retry is declined, and says so once', async () => {
    const { person, first, renewal } = await declinedAtFirst()
    for (const days of [1, 3, 5, 7]) {
      await probe.travelTo(new Date(first.getTime() + days * day))
      await t.flush()
    }
    expect((await probe.attemptsOf(renewal.id)).map((a) => a.code)).toEqual(
      Array(5).fill('insufficient_funds'),
    )
    expect((await probe.renewalsOf(person.id))[0]).toMatchObject({
      status: 'failed',
      retryAt: null,
    })
    expect(await probe.personOf(person.id)).toMatchObject({ subscriptionStatus: 'expired' })
    expect(await probe.renewalOf(person.id)).toMatchObject({ autoRenew: false, status: 'off' })
    expect((await probe.lineOf(person.id))!.isEnabled).toBe(false)
    await t.flush()
    expect(await kindsTo(person.email)).toEqual([
      'renewal_failed',
      'renewal_line_off',
      'renewal_ended',
    ])
    expect(await probe.trailOf(person.id)).toContain('trial_request.renewal_ended')
  })

  it('waits for a new card after a hard decline, and ends the subscription 8 days after the end', async () => {
    const { person, end, renewal } = await declinedAtFirst({ declineCode: 'lost_card' })
    expect(renewal).toMatchObject({ status: 'pending', retryAt: null })
    expect(await probe.attemptsOf(renewal.id)).toEqual([
      expect.objectContaining({ outcome: 'declined', code: 'lost_card' }),
    ])
    // The expiry job leaves a subscription whose renewal is still being tried.
    await probe.travelTo(new Date(end.getTime() + 7 * day))
    await t.flush()
    expect(await probe.personOf(person.id)).toMatchObject({ subscriptionStatus: 'active' })
    expect(await probe.attemptsOf(renewal.id)).toHaveLength(1)
    await probe.travelTo(new Date(end.getTime() + 8 * day + hour))
    await t.flush()
    expect((await probe.renewalsOf(person.id))[0]).toMatchObject({ status: 'failed' })
    expect(await probe.personOf(person.id)).toMatchObject({ subscriptionStatus: 'expired' })
    expect(await probe.renewalOf(person.id)).toMatchObject({ status: 'off' })
  })

  it('sends a card that asks for approval to pay the same renewal on Stripe’s page', async () => {
    const { person, end, renewal } = await declinedAtFirst('authentication_required')
    expect(await probe.attemptsOf(renewal.id)).toEqual([
      expect.objectContaining({ outcome: 'declined', code: 'authentication_required' }),
    ])
    expect(renewal.retryAt).toBeNull()
    const [mail] = (await t.messagesTo(person.email)).filter(
      (message) => message.kind === 'renewal_authentication',
    )
    const payUrl = mail!.variables.payUrl!
    expect(payUrl).toBe(`https://watch.example.com/pay/renewal/${renewal.id}`)

    // Stripe dates its page by its own clock: ours comes back to it (it had moved on months).
    await probe.backToToday()
    const opened = await fetch(payUrl.replace('https://watch.example.com', t.server.baseUrl), {
      redirect: 'manual',
    })
    expect(opened.status).toBe(303)
    const sessionId = /\/pay\/(cs_test_\w+)/.exec(opened.headers.get('location')!)![1]!
    expect(stripe.session(sessionId)).toMatchObject({ amount_total: 2999, status: 'open' })
    // Opened again, the same page.
    const reopened = await fetch(`${t.server.baseUrl}/pay/renewal/${renewal.id}`, {
      redirect: 'manual',
    })
    expect(reopened.headers.get('location')).toBe(opened.headers.get('location'))
    expect(await stripe.pay(sessionId)).toBe(200)
    expect((await probe.renewalsOf(person.id))[0]).toMatchObject({
      status: 'paid',
      newEnd: addCalendarMonths(end, 3),
    })
    const paidPage = await fetch(`${t.server.baseUrl}/pay/renewal/${renewal.id}`)
    expect(paidPage.status).toBe(200)
    expect(await paidPage.text()).toContain('Nothing to pay')
  })
})
