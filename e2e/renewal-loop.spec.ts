import { sql } from 'drizzle-orm'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { PersonView } from '../common/people'
import { addCalendarMonths } from '../common/subscription-renewals'
import type { FakePaymentIntent } from '../server/test/fake-stripe-cards'
import { axeViolations } from './axe'
import { closeFilePages, isWiderThanScreen, workerBrowser } from './fixtures'
import { startPaymentServer, type Customer, type PaymentServer } from './payment-server'

// Screenshots to look at, when asked for (E2E_SCREENSHOTS_DIR).
const shots = process.env.E2E_SCREENSHOTS_DIR

/**
 * Issue 43, item 8, the whole loop on a phone in the dark: a customer pays on (fake) Stripe's page
 * with automatic renewal on; at the period's end the saved card is charged once and the receipt
 * arrives. Then the card declines: it is retried per schedule, the line stays on through the grace
 * period and goes off after it, and the customer's "Update card" from the decline e-mail saves a
 * new card that pays the renewal and brings the line back.
 *
 * The built server reads the wall clock, so time "passes" as it would for the server: while it is
 * stopped, every moment stored about this customer's subscription and renewal moves back.
 */
const phone = { viewport: { width: 390, height: 844 }, colorScheme: 'dark' } as const
const hour = 3_600_000
const day = 24 * hour
// As the receipt says it (message-values.ts).
const spokenDate = (iso: string) =>
  new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(iso))

describe('automatic renewal, from the first payment to a declined card and back', () => {
  let server: PaymentServer
  let browser: Browser
  let customer: Customer
  let page: Page

  const onPanel = () => server.supplier.lines.find((line) => line.username === customer.username)!
  const renewal = async () =>
    (await server.api<PersonView>('GET', `/api/people/${customer.id}`)).renewal!
  const mailsTo = (subject: string) =>
    server.smtp.received.filter(
      (mail) =>
        mail.to && 'text' in mail.to && mail.to.text === customer.email && mail.subject === subject,
    )
  const section = () => page.getByRole('region', { name: 'Automatic renewal' })
  /** The off-session charges of the customer's renewals at (fake) Stripe, oldest first. */
  const renewalCharges = (): FakePaymentIntent[] =>
    [...server.stripe.cards.paymentIntents.values()].filter(
      (intent) => intent.metadata.attempt !== undefined && intent.customer !== null,
    )

  /**
   * Moves the server's time on by `ms` (or to `untilEnd` before the period's end): stopped, it
   * finds every moment of this customer's subscription and renewal that much earlier. Then the
   * renewal round runs, as Expire now runs it. Answers the period's end as it was moved.
   */
  async function passTime({ ms, untilEnd }: { ms?: number; untilEnd?: number }): Promise<string> {
    const end = (await server.person(customer.id)).subscriptionEndDate!
    const shift = Math.round(ms ?? new Date(end).getTime() - Date.now() - untilEnd!)
    const by = sql.raw(`interval '${shift} milliseconds'`)
    const id = customer.id
    await server.restart(async (db) => {
      await db.execute(
        sql`update trial_requests set subscription_end_date = subscription_end_date - ${by} where id = ${id}`,
      )
      await db.execute(sql`update payments set renews_period_end = renews_period_end - ${by},
        retry_at = retry_at - ${by}, previous_end = previous_end - ${by},
        new_end = new_end - ${by}, period_start = period_start - ${by},
        paid_at = paid_at - ${by}, created_at = created_at - ${by} where trial_request_id = ${id}`)
      await db.execute(sql`update renewal_attempts set attempted_at = attempted_at - ${by},
        decided_at = decided_at - ${by}
        where payment_id in (select id from payments where trial_request_id = ${id})`)
      await db.execute(
        sql`update message_reminders set period_end = period_end - ${by} where trial_request_id = ${id}`,
      )
    })
    await server.api('POST', '/api/maintenance/expire-now')
    return new Date(new Date(end).getTime() - shift).toISOString()
  }

  /** The customer's page, read again as they would on coming back to it. */
  async function reloadAccount() {
    await page.goto('/account')
    await section().waitFor()
  }

  beforeAll(async () => {
    server = await startPaymentServer()
    browser = await workerBrowser()
    customer = await server.addTrialCustomer('Oona')
    const context = await browser.newContext({ baseURL: server.baseUrl, ...phone, bypassCSP: true })
    page = await context.newPage()
  })
  afterAll(async () => {
    await closeFilePages()
    await server?.stop()
  })

  it('pays with automatic renewal on, and at the end the card is charged once with a receipt', async () => {
    await page.goto(await server.signInLinkFor(customer))
    await page.getByRole('button', { name: 'Sign in', exact: true }).click()
    await page.goto('/account?renew=1')
    await page.getByRole('radio', { name: /^Family Plus · 3 months 29\.99/ }).waitFor()
    server.stripe.state.checkoutCard = { last4: '4242', expMonth: 4, expYear: 2031 }
    await page.getByRole('button', { name: 'Pay with Stripe' }).click()
    await page.waitForURL(`${server.stripe.url}/pay/**`)
    await page.getByRole('button', { name: 'Pay' }).click()
    await page.waitForURL(`${server.baseUrl}/account**`)
    await page.getByText('Payment received').waitFor()

    const card = section().getByText('Visa •••• 4242 · expires 04/31')
    await card.waitFor()
    const toggle = section().getByRole('switch', { name: /Renew automatically/ })
    expect(await toggle.getAttribute('aria-checked')).toBe('true')
    await section()
      .getByText(/^Renews on .+ for 29\.99 EUR\.$/)
      .waitFor()
    expect(await isWiderThanScreen(page)).toBe(false)
    const saved = [...server.stripe.cards.paymentMethods.values()].filter((m) => m.customer)
    expect(saved.map((m) => m.card.last4)).toEqual(['4242'])
    const cardId = saved[0]!.id

    // The period's last day: the round charges the saved card, off-session, once.
    const oldEnd = await passTime({ untilEnd: 12 * hour })
    const newEnd = addCalendarMonths(new Date(oldEnd), 3).toISOString()
    await expect
      .poll(async () => (await server.person(customer.id)).subscriptionEndDate, { timeout: 10_000 })
      .toBe(newEnd)
    await server.api('POST', '/api/maintenance/expire-now')
    expect(renewalCharges().map((each) => [each.payment_method, each.status])).toEqual([
      [cardId, 'succeeded'],
    ])
    const [paid] = await server.paymentsOf(customer.id)
    expect(paid).toMatchObject({ kind: 'renewal', status: 'paid', amount: '29.99', newEnd })
    await expect
      .poll(() => mailsTo(`Receipt ${paid!.receiptNumber} from StreamLine`).length)
      .toBe(1)
    const receipt = mailsTo(`Receipt ${paid!.receiptNumber} from StreamLine`)[0]!
    expect(receipt.text).toContain('29.99 EUR')
    expect(receipt.text).toContain(spokenDate(newEnd))
    await expect
      .poll(() => onPanel().exp_date)
      .toBe(String(Math.floor(new Date(newEnd).getTime() / 1000)))
    expect(onPanel().enabled).toBe('1')

    await reloadAccount()
    await page.locator(`time[datetime="${newEnd}"]`).waitFor()
    await section()
      .getByText(/^Renews on .+ for 29\.99 EUR\.$/)
      .waitFor()
    expect(await isWiderThanScreen(page)).toBe(false)
    expect(await axeViolations(page)).toEqual([])
  })

  it('retries a declining card, turns the line off after the grace, and back on with a new card', async () => {
    const oldCard = [...server.stripe.cards.paymentMethods.values()].find((m) => m.customer)!
    server.stripe.cards.setBehaviour(oldCard.id, { declineCode: 'insufficient_funds' })
    const declinedCharges = () =>
      renewalCharges().filter(
        (each) => each.last_payment_error?.decline_code === 'insufficient_funds',
      )

    // The next period's last day: declined, retried a day after, and again two days later.
    await passTime({ untilEnd: 12 * hour })
    await expect.poll(() => declinedCharges().length, { timeout: 10_000 }).toBe(1)
    await expect.poll(async () => (await renewal()).status).toBe('retrying')
    const declineMail = 'We could not renew your StreamLine subscription'
    await expect.poll(() => mailsTo(declineMail).length).toBe(1)
    await reloadAccount()
    await section()
      .getByRole('alert')
      .getByText(
        /^Your card was declined on .+: Your card has insufficient funds\. We'll try again on .+\.$/,
      )
      .waitFor()

    await passTime({ ms: day })
    await expect.poll(() => declinedCharges().length, { timeout: 10_000 }).toBe(2)
    await passTime({ ms: 2 * day })
    await expect.poll(() => declinedCharges().length, { timeout: 10_000 }).toBe(3)
    // Past the end, within the grace: the line stays on, and the customer hears it goes off soon.
    expect(onPanel().enabled).toBe('1')
    expect((await server.person(customer.id)).subscriptionStatus).toBe('active')
    await expect.poll(() => mailsTo('Your StreamLine line is switched off tomorrow').length).toBe(1)

    // The grace over (3 days after the end): the line goes off.
    await passTime({ ms: day })
    await expect.poll(() => onPanel().enabled, { timeout: 10_000 }).toBe('0')
    expect((await renewal()).status).toBe('past_due')
    await reloadAccount()
    await section()
      .getByRole('alert')
      .getByText(/Your line is off until you update your card\.$/)
      .waitFor()
    expect(await isWiderThanScreen(page)).toBe(false)
    expect(mailsTo(declineMail)).toHaveLength(1)

    // "Update card" in the decline e-mail signs the customer in; a new card pays the renewal.
    await page.context().clearCookies()
    await page.setContent(String(mailsTo(declineMail)[0]!.html))
    // The e-mail's button opens a new tab; here, the same one.
    const button = page.getByRole('link', { name: 'Update card', exact: true })
    const href = (await button.getAttribute('href'))!
    expect(href).toMatch(new RegExp(`^${server.baseUrl}/account/sign-in\\?token=[\\w-]{43}$`))
    await page.goto(href)
    await page.getByRole('button', { name: 'Sign in', exact: true }).click()
    await section().getByRole('alert').waitFor()
    server.stripe.state.checkoutCard = { last4: '1881', expMonth: 7, expYear: 2033 }
    const savedAt = new Date()
    await section().getByRole('button', { name: 'Update card' }).click()
    await page.waitForURL(`${server.stripe.url}/pay/**`)
    await page.getByText('Save your card for future payments').waitFor()
    await page.getByRole('button', { name: 'Pay' }).click()
    await page.waitForURL(`${server.baseUrl}/account**`)
    await page.getByRole('status').filter({ hasText: 'Your new card is saved.' }).waitFor()
    await section().getByText('Visa •••• 1881 · expires 07/33').waitFor()

    // Within seconds the round charges the new card; paid after the grace, from the payment on.
    await expect.poll(() => onPanel().enabled, { timeout: 15_000 }).toBe('1')
    const [paid] = await server.paymentsOf(customer.id)
    expect(paid).toMatchObject({ kind: 'renewal', status: 'paid', declineCode: null })
    const newEnd = new Date(paid!.newEnd!).getTime()
    expect(newEnd).toBeGreaterThanOrEqual(addCalendarMonths(savedAt, 3).getTime())
    expect(newEnd).toBeLessThanOrEqual(addCalendarMonths(new Date(), 3).getTime())
    expect(await renewal()).toMatchObject({ status: 'active', lastFailure: null })
    expect(renewalCharges().filter((each) => each.status === 'succeeded')).toHaveLength(2)
    await expect
      .poll(() => mailsTo(`Receipt ${paid!.receiptNumber} from StreamLine`).length)
      .toBe(1)

    await reloadAccount()
    await page.locator(`time[datetime="${paid!.newEnd}"]`).waitFor()
    await section()
      .getByText(/^Renews on .+ for 29\.99 EUR\.$/)
      .waitFor()
    expect(await section().getByRole('alert').count()).toBe(0)
    expect(await isWiderThanScreen(page)).toBe(false)
    expect(await axeViolations(page)).toEqual([])
    if (shots) await page.screenshot({ path: `${shots}/renewal-loop-390-dark.png`, fullPage: true })
  })
})
