import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Payment } from '../common/payments'
import { adminPaths } from '../common/routes'
import { addCalendarMonths } from '../common/subscription-renewals'
import { axeViolations } from './axe'
import { workerBrowser, loginAs, isWiderThanScreen, closeFilePages } from './fixtures'
import { startPaymentServer, type Customer, type PaymentServer } from './payment-server'

/**
 * Item 9 of issue 31, end to end: an admin makes a pay link for a trial customer, the customer
 * pays on (fake) Stripe's hosted page, and with no admin action after that the subscription runs
 * three months longer, the line on the (fake) supplier panel follows, a receipt arrives at a real
 * SMTP server and the Payments view lists it. Once on a wide screen, once on a phone in the dark.
 */
const seconds = (iso: string) => String(Math.floor(new Date(iso).getTime() / 1000))
// As the receipt says it (message-values.ts).
const spokenDate = (iso: string) =>
  new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(iso))

const desktop = { viewport: { width: 1440, height: 900 }, colorScheme: 'light' } as const
const phone = { viewport: { width: 390, height: 844 }, colorScheme: 'dark' } as const
type Screen = typeof desktop | typeof phone

describe('a trial customer pays with Stripe, and nobody lifts a finger', () => {
  let server: PaymentServer
  let browser: Browser
  let customer: Customer

  // `isScanned`: axe's script is let in past the Content-Security-Policy.
  const pageOn = async (screen: Screen, { isScanned = false } = {}) =>
    (
      await browser.newContext({ baseURL: server.baseUrl, ...screen, bypassCSP: isScanned })
    ).newPage()
  const onPanel = () => server.supplier.lines.find((line) => line.username === customer.username)!
  const receipt = (number: number) =>
    server.smtp.received.find((mail) => mail.subject?.startsWith(`Receipt ${number} from `))

  /** The admin's pay link for three months of Family Plus with Stripe, made on the person's page. */
  async function makePayLink(admin: Page): Promise<string> {
    await loginAs(admin, undefined, adminPaths.person(customer.id))
    await admin.getByRole('button', { name: 'Pay link' }).click()
    const dialog = admin.getByRole('dialog', { name: 'Pay link' })
    await dialog.getByLabel('Plan').selectOption('Family Plus')
    expect(await dialog.getByLabel('Months').inputValue()).toBe('3')
    await dialog.getByRole('radio', { name: 'Stripe' }).check()
    await dialog.getByRole('button', { name: 'Create pay link' }).click()
    await dialog.getByText('29.99 EUR').waitFor()
    const checkoutUrl = await dialog.getByRole('textbox', { name: 'Pay link' }).inputValue()
    expect(checkoutUrl.startsWith(`${server.stripe.url}/pay/cs_`)).toBe(true)
    await dialog.getByRole('button', { name: 'Done' }).click()
    return checkoutUrl
  }

  /** The customer opens the link, pays, and lands on our page; the settled payment, polled for. */
  async function pay(checkoutUrl: string, screen: Screen, receiptNumber: number) {
    const page = await pageOn(screen)
    await page.goto(checkoutUrl)
    const paidAt = Date.now()
    await page.getByRole('button', { name: 'Pay' }).click()
    await page.waitForURL(`${server.baseUrl}/payment/success**`)
    await page.getByRole('heading', { name: 'Payment received' }).waitFor()
    expect(await isWiderThanScreen(page)).toBe(false)
    await page.context().close()

    // No admin from here on: the webhook alone settles it, and the outbox sends the receipt.
    const settled = async () => (await server.paymentsOf(customer.id))[0]
    await expect.poll(async () => (await settled())?.status).toBe('paid')
    await expect.poll(() => receipt(receiptNumber)?.subject ?? null).not.toBeNull()
    return { payment: (await settled())!, paidAt }
  }

  /** What every settled payment must have changed: subscription, panel line, receipt. */
  async function expectSettled(payment: Payment, receiptNumber: number) {
    expect(payment).toMatchObject({
      provider: 'stripe',
      planName: 'Family Plus',
      months: 3,
      amount: '29.99',
      currency: 'EUR',
      receiptNumber,
      providerPaymentId: expect.stringMatching(/^pi_/),
    })
    const person = await server.person(customer.id)
    expect(person).toMatchObject({ subscriptionStatus: 'active', paidPlan: 'Family Plus' })
    expect(person.subscriptionEndDate).toBe(payment.newEnd)
    await expect.poll(() => onPanel().exp_date).toBe(seconds(payment.newEnd!))
    expect(onPanel()).toMatchObject({ is_trial: '0', enabled: '1' })
    const mail = receipt(receiptNumber)!
    expect(mail.subject).toBe(`Receipt ${receiptNumber} from StreamLine`)
    expect(mail.to).toMatchObject({ text: customer.email })
    expect(mail.text).toContain('29.99 EUR')
    expect(mail.text).toContain(spokenDate(payment.newEnd!))
  }

  /** The Payments view's row for this payment: Paid, with Stripe, and its receipt number. */
  async function expectListed(admin: Page, payment: Payment) {
    await admin.goto(adminPaths.section('payments'))
    const table = admin.getByRole('table', { name: 'Payments, newest first' })
    const row = table.getByRole('row').filter({ hasText: payment.providerPaymentId! })
    await row.getByRole('link', { name: customer.name }).waitFor()
    expect(await row.locator('[data-label="Status"]').innerText()).toContain('Paid')
    expect(await row.locator('[data-label="Paid with"]').innerText()).toBe('Stripe')
    expect(await row.locator('[data-label="Amount"]').innerText()).toContain('29.99 EUR')
    expect(await row.locator('[data-label="Receipt"]').innerText()).toContain(
      String(payment.receiptNumber),
    )
  }

  beforeAll(async () => {
    server = await startPaymentServer()
    browser = await workerBrowser()
    customer = await server.addTrialCustomer('Petra')
    expect(onPanel()).toMatchObject({ is_trial: '1', enabled: '1' })
  })
  afterAll(async () => {
    await closeFilePages()
    await server?.stop()
  })

  it('a trial becomes three paid months on a wide screen', async () => {
    const admin = await pageOn(desktop)
    const checkoutUrl = await makePayLink(admin)
    const pending = (await server.paymentsOf(customer.id))[0]!
    expect(pending).toMatchObject({ status: 'pending', checkoutUrl })

    const { payment, paidAt } = await pay(checkoutUrl, desktop, 1)
    await expectSettled(payment, 1)
    // A trial becomes paid from the moment it settles: three calendar months from then.
    const end = new Date(payment.newEnd!).getTime()
    expect(end).toBeGreaterThanOrEqual(addCalendarMonths(new Date(paidAt), 3).getTime())
    expect(end).toBeLessThanOrEqual(addCalendarMonths(new Date(), 3).getTime())

    await expectListed(admin, payment)
    // The person's page says it too, with nothing reloaded by hand before.
    await admin.goto(adminPaths.person(customer.id))
    const row = admin
      .getByRole('table', { name: 'Payments, newest first' })
      .getByRole('row')
      .filter({ hasText: 'Paid' })
    await row.getByRole('cell', { name: 'Stripe', exact: true }).waitFor()
    await admin.context().close()
  })

  it('an active subscription runs three months on from its end, on a phone in the dark', async () => {
    const previousEnd = (await server.person(customer.id)).subscriptionEndDate!
    const admin = await pageOn(phone, { isScanned: true })
    const checkoutUrl = await makePayLink(admin)
    expect(await isWiderThanScreen(admin)).toBe(false)

    const { payment } = await pay(checkoutUrl, phone, 2)
    await expectSettled(payment, 2)
    expect(payment.previousEnd).toBe(previousEnd)
    expect(payment.newEnd).toBe(addCalendarMonths(new Date(previousEnd), 3).toISOString())
    // One payment settled, once: the first one is untouched.
    const all = await server.paymentsOf(customer.id)
    expect(all.map((each) => [each.status, each.receiptNumber])).toEqual([
      ['paid', 2],
      ['paid', 1],
    ])

    await expectListed(admin, payment)
    expect(await isWiderThanScreen(admin)).toBe(false)
    expect(await axeViolations(admin)).toEqual([])
    await admin.goto(adminPaths.person(customer.id))
    await admin.getByRole('button', { name: 'Pay link' }).waitFor()
    expect(await isWiderThanScreen(admin)).toBe(false)
    await admin.context().close()
  })
})
