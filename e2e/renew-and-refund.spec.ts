import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Payment } from '../common/payments'
import type { Plan } from '../common/plans'
import { adminPaths } from '../common/routes'
import { addCalendarMonths } from '../common/subscription-renewals'
import { axeViolations } from './axe'
import { workerBrowser, loginAs, isWiderThanScreen, closeFilePages } from './fixtures'
import { owner } from './owner'
import { startPaymentServer, type Customer, type PaymentServer } from './payment-server'

/**
 * Issue 44, items 2, 3 and 6 on a 390 px phone in the dark and a 1440 px desktop in the light: a
 * signed-in customer is offered their plans, not a trial; the renew panel starts on their plan,
 * says the total and the new end before Stripe, a refused code as a sentence, and a cancelled
 * checkout as nothing charged; a refund from the Payments view shows its amount and date to the
 * admin and the customer, who is e-mailed once.
 */
const screens = [
  { name: 'phone', viewport: { width: 390, height: 844 }, colorScheme: 'dark' },
  { name: 'desktop', viewport: { width: 1440, height: 900 }, colorScheme: 'light' },
] as const
const shots = process.env.E2E_SCREENSHOTS_DIR

describe.each(screens)('renewing and refunds tell the truth ($name)', (screen) => {
  let server: PaymentServer
  let browser: Browser
  let solo: Plan

  const longDate = (iso: string) =>
    new Intl.DateTimeFormat(undefined, { dateStyle: 'long' }).format(new Date(iso))
  const shortDate = (iso: string) =>
    new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' }).format(new Date(iso))
  const snap = (page: Page, name: string) =>
    shots ? page.screenshot({ path: `${shots}/${name}-${screen.name}.png`, fullPage: true }) : null

  /** An admin's "Send sign-in link", opened and used in a fresh browser at this screen. */
  async function signedInPage(person: Customer): Promise<Page> {
    const link = await server.signInLinkFor(person)
    const context = await browser.newContext({
      baseURL: server.baseUrl,
      viewport: screen.viewport,
      colorScheme: screen.colorScheme,
      bypassCSP: true,
    })
    const page = await context.newPage()
    await page.goto(link)
    await page.getByRole('button', { name: 'Sign in', exact: true }).click()
    await page.getByRole('heading', { name: `Hi ${person.name.split(' ')[0]}` }).waitFor()
    return page
  }

  beforeAll(async () => {
    server = await startPaymentServer()
    browser = await workerBrowser()
    solo = await server.api<Plan>('POST', '/api/plans', {
      name: 'Solo',
      price: '9.99',
      currency: 'EUR',
      billingPeriod: 'monthly',
    })
    const code = (body: object) => server.api('POST', '/api/discounts', body)
    await code({ name: 'Spring', code: 'SPRING15', percentage: '15', validFrom: '2026-01-01' })
    await code({
      name: 'Old',
      code: 'OLDCODE',
      percentage: '10',
      validFrom: '2026-01-01',
      validTo: '2026-02-01',
    })
    await code({
      name: 'Starter only',
      code: 'STARTERONLY',
      percentage: '10',
      validFrom: '2026-01-01',
      applicablePlans: ['Starter'],
    })
  })
  afterAll(async () => {
    await closeFilePages()
    await server?.stop()
  })

  it('offers plans, not a trial; quotes total and end; a bad code reads as a sentence; a cancel charges nothing', async () => {
    const customer = await server.addTrialCustomer('Mira')
    const page = await signedInPage(customer)

    // Item 2: on the plans page a signed-in customer chooses a plan in their account.
    await page.goto('/plans')
    const soloCard = page.getByRole('article', { name: 'Solo', exact: true })
    await soloCard.getByRole('link', { name: /^Choose this plan/ }).waitFor()
    await expect.poll(() => page.getByRole('button', { name: /^Start Free Trial/ }).count()).toBe(0)
    expect(await page.getByText('All plans include a 24-hour free trial').count()).toBe(0)
    await soloCard.getByRole('link', { name: /^Choose this plan/ }).click()
    await page.waitForURL(`${server.baseUrl}/account?renew=1&plan=${solo.id}`)
    const soloChoice = page.getByRole('radio', { name: /^Solo · 1 month 9\.99/ })
    await soloChoice.waitFor()
    expect(await soloChoice.isChecked()).toBe(true)

    // Item 3: without a card, the panel starts on the plan the trial asked for.
    await page.goto('/account?renew=1')
    const family = page.getByRole('radio', { name: /^Family Plus · 3 months 29\.99/ })
    await family.waitFor()
    expect(await family.isChecked()).toBe(true)
    const total = page.getByTestId('renew-total')
    await total.getByText('29.99 EUR').waitFor()
    // A trial becomes paid from the payment: three calendar months from now, as the settle has it.
    const end = addCalendarMonths(new Date(), 3).toISOString()
    await total.getByText(`Your subscription will run until ${longDate(end)}.`).waitFor()

    const code = page.getByLabel('Discount code (optional)')
    const apply = page.getByRole('button', { name: 'Apply' })
    for (const [typed, sentence] of [
      ['oldcode', 'This code has expired.'],
      ['STARTERONLY', 'This code is not for the Family Plus plan.'],
      ['NOSUCHCODE', 'This code is not valid. Check how it is spelled.'],
    ]) {
      await code.fill(typed!)
      await apply.click()
      await page.getByText(sentence!, { exact: true }).waitFor()
      expect(await page.getByText(/discountCode:/).count()).toBe(0)
    }
    await snap(page, 'renew-refused-code')
    await code.fill('spring15')
    await apply.click()
    await total.getByText('25.49 EUR').waitFor()
    await total.getByText('29.99 EUR less 4.50 EUR with code SPRING15').waitFor()
    expect(await isWiderThanScreen(page)).toBe(false)
    expect(await axeViolations(page)).toEqual([])
    await snap(page, 'renew-total')

    // Stripe's page names the discount; going back from it charges nothing, and says so.
    await page.getByRole('button', { name: 'Pay with Stripe' }).click()
    await page.waitForURL(`${server.stripe.url}/pay/**`)
    await page.getByText('Discount code SPRING15: 4.50 EUR off 29.99 EUR').waitFor()
    await page.getByRole('link', { name: 'Back' }).click()
    await page.waitForURL(`${server.baseUrl}/account?renew=1&cancelled=1`)
    await page
      .getByRole('status')
      .filter({ hasText: 'The payment was cancelled and nothing was charged.' })
      .waitFor()
    const [pending] = await server.paymentsOf(customer.id)
    expect(pending).toMatchObject({ status: 'pending', amount: '25.49', discountCode: 'SPRING15' })
    expect(await isWiderThanScreen(page)).toBe(false)
    await snap(page, 'renew-cancelled')
    await page.context().close()
  })

  it('refunds from the Payments view: amount and date for the admin and the customer, one e-mail', async () => {
    const customer = await server.addTrialCustomer('Noor')
    const paid = await server.api<Payment>('POST', `/api/trial-requests/${customer.id}/payments`, {
      planId: server.plan.id,
      months: 3,
      method: 'cash',
    })
    const context = await browser.newContext({
      baseURL: server.baseUrl,
      viewport: screen.viewport,
      colorScheme: screen.colorScheme,
    })
    const admin = await context.newPage()
    await loginAs(admin, owner, adminPaths.section('payments'))
    await admin
      .getByRole('button', {
        name: `Details of the payment of 29.99 EUR on ${shortDate(paid.createdAt)}`,
      })
      .first()
      .click()
    const details = admin.getByRole('dialog', { name: 'Payment 29.99 EUR' })
    await details.getByRole('link', { name: customer.name }).waitFor()
    await details.getByRole('button', { name: 'Refund the payment of 29.99 EUR' }).click()
    const refund = admin.getByRole('dialog', { name: 'Refund payment' })
    await refund.getByLabel('Amount (optional)').fill('10.00')
    await refund.getByLabel('Reason').fill('Picture froze all week')
    await refund.getByRole('button', { name: 'Refund' }).click()
    await refund.waitFor({ state: 'detached' })

    const [refunded] = (await server.paymentsOf(customer.id)).filter((each) => each.id === paid.id)
    const refundedText = `10.00 EUR refunded on ${shortDate(refunded!.refundedAt!)}`
    await details.getByText(refundedText).waitFor()
    await details.getByText('Partly refunded').waitFor()
    await admin.keyboard.press('Escape')
    const row = admin
      .getByRole('table', { name: 'Payments, newest first' })
      .getByRole('row')
      .filter({ hasText: customer.name })
    await row.getByText(refundedText).waitFor()
    await row.getByText('Partly refunded').waitFor()
    expect(await isWiderThanScreen(admin)).toBe(false)
    await snap(admin, 'refund-admin')
    await context.close()

    // The customer: one e-mail, and the amount and date on their page.
    const refundMails = () =>
      server.smtp.received.filter(
        (mail) =>
          mail.to &&
          'text' in mail.to &&
          mail.to.text === customer.email &&
          mail.subject?.startsWith('Refund'),
      )
    await server.api('POST', '/api/maintenance/expire-now')
    await expect.poll(() => refundMails().length).toBe(1)
    expect(refundMails()[0]!.subject).toBe(`Refund of 10.00 EUR for receipt ${paid.receiptNumber}`)

    const page = await signedInPage(customer)
    await page
      .getByText(`Refunded 10.00 EUR on ${shortDate(refunded!.refundedAt!)}`, { exact: true })
      .waitFor()
    await page.getByText('Partly refunded', { exact: true }).waitFor()
    expect(await isWiderThanScreen(page)).toBe(false)
    await snap(page, 'refund-account')
    await page.context().close()
  })
})
