import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { axeViolations } from './axe'
import { workerBrowser, isWiderThanScreen, closeFilePages } from './fixtures'
import { startPaymentServer, type Customer, type PaymentServer } from './payment-server'

/**
 * Issue 32, item 7, end to end on a phone: a trial reminder's "Renew now" signs the customer in
 * on their own page with the renew panel open; they pay on (fake) Stripe's page, come back, and
 * without a reload the page says "Payment received" with the new end date and lists the receipt,
 * while the line on the (fake) supplier panel runs to the same date.
 */
const seconds = (iso: string) => String(Math.floor(new Date(iso).getTime() / 1000))
const phone = { viewport: { width: 390, height: 844 }, colorScheme: 'dark' } as const
const desktop = { viewport: { width: 1440, height: 900 }, colorScheme: 'light' } as const
const trialBanner = '24 hours free, no credit card needed. Cancel anytime.'

describe("a customer renews on their own page from a reminder's link", () => {
  let server: PaymentServer
  let browser: Browser
  let customer: Customer

  const onPanel = () => server.supplier.lines.find((line) => line.username === customer.username)!

  beforeAll(async () => {
    server = await startPaymentServer()
    browser = await workerBrowser()
    customer = await server.addTrialCustomer('Rosa')
    // A reminder a day before the end: the 24-hour trial, just started, is due for it at once.
    await server.api('PUT', '/api/settings/reminders', {
      subscriptionReminderDays: [7, 3, 1],
      trialReminderHours: [24],
      sendsExpiryMessage: true,
    })
  })
  afterAll(async () => {
    await closeFilePages()
    await server?.stop()
  })

  it('Renew now → signed in → pays with Stripe → the new end date and receipt, live', async () => {
    await server.api('POST', '/api/maintenance/expire-now')
    const reminder = async () =>
      server.smtp.received.find(
        (mail) =>
          mail.subject?.startsWith('Your StreamLine trial ends in') &&
          mail.to &&
          'text' in mail.to &&
          mail.to.text === customer.email,
      )
    await expect.poll(async () => (await reminder())?.subject ?? null).not.toBeNull()
    const mail = (await reminder())!
    expect(mail.text).toContain('Renew now')
    expect(mail.text).toContain('Manage your subscription')
    const renewUrl = /(http\S+\/account\/sign-in\?token=[\w-]{43}&renew=1)/.exec(
      mail.text ?? '',
    )?.[1]
    expect(renewUrl).toBeDefined()

    const context = await browser.newContext({ baseURL: server.baseUrl, ...phone, bypassCSP: true })
    const page = await context.newPage()
    // Opening the link changes nothing yet: the page says whom it signs in and waits for a click.
    await page.goto(renewUrl!)
    await page.getByText(`This link signs in ${customer.email}.`).waitFor()
    expect(await axeViolations(page)).toEqual([])
    await page.getByRole('button', { name: 'Sign in', exact: true }).click()
    await page.getByRole('heading', { name: 'Hi Rosa' }).waitFor()
    expect(page.url()).toBe(`${server.baseUrl}/account?renew=1`)
    await page.getByText('Free trial', { exact: true }).waitFor()
    expect(await isWiderThanScreen(page)).toBe(false)
    expect(await axeViolations(page)).toEqual([])

    // Signed in: the header's menu leads to the account, and no trial is offered any more.
    await page.getByRole('banner').getByRole('button', { name: 'Menu' }).click()
    const menu = page.getByRole('navigation', { name: 'Mobile' })
    await menu.getByRole('link', { name: 'My account' }).waitFor()
    expect(await page.getByRole('button', { name: 'Start Free Trial' }).count()).toBe(0)
    await page.getByRole('banner').getByRole('button', { name: 'Menu' }).click()
    expect(await page.getByText(trialBanner).count()).toBe(0)

    // The login the device guide asks for: the Xtream server URL, username and password.
    await page.getByText(new URL(customer.m3uUrl).origin, { exact: true }).waitFor()
    await page.getByRole('button', { name: 'Copy server url' }).waitFor()
    await page.getByText(customer.username, { exact: true }).waitFor()
    await page.getByRole('button', { name: 'Copy username' }).waitFor()
    // The M3U address holds the password: hidden with it, shown with it.
    await page.getByRole('button', { name: 'Copy m3u address' }).waitFor()
    expect(await page.getByText(customer.password).count()).toBe(0)
    await page.getByRole('button', { name: 'Show password' }).click()
    await page.getByText(customer.password, { exact: true }).waitFor()
    await page.getByText(customer.m3uUrl, { exact: true }).waitFor()
    // The QR code is for another device to scan, shown when asked.
    const qr = page.getByRole('img', { name: 'QR code of your M3U address' })
    expect(await qr.count()).toBe(0)
    await page.getByRole('button', { name: 'Show QR for a TV or another phone' }).click()
    await qr.waitFor()
    expect(await isWiderThanScreen(page)).toBe(false)

    const plan = page.getByRole('radio', { name: /^Family Plus · 3 months 29\.99/ })
    expect(await plan.isChecked()).toBe(true)
    await page.getByRole('button', { name: 'Pay with Stripe' }).click()
    await page.waitForURL(`${server.stripe.url}/pay/**`)
    await page.getByRole('button', { name: 'Pay' }).click()
    await page.waitForURL(`${server.baseUrl}/account?payment=**`)

    // Settled by the webhook alone; the page follows without a reload.
    const received = page.getByText('Payment received')
    await received.waitFor({ timeout: 20_000 })
    const [payment] = await server.paymentsOf(customer.id)
    expect(payment).toMatchObject({ status: 'paid', provider: 'stripe', createdBy: 'customer' })
    const endDay = new Intl.DateTimeFormat(undefined, { dateStyle: 'long' }).format(
      new Date(payment!.newEnd!),
    )
    await page.getByText(`Your subscription now runs until ${endDay}`).waitFor()
    await page.getByText('Active', { exact: true }).waitFor()
    await expect.poll(() => onPanel().exp_date).toBe(seconds(payment!.newEnd!))
    expect(onPanel()).toMatchObject({ is_trial: '0', enabled: '1' })

    await page.getByRole('link', { name: `Receipt ${payment!.receiptNumber}` }).click()
    await page.getByRole('heading', { name: `Receipt ${payment!.receiptNumber}` }).waitFor()
    await page.getByText('29.99 EUR').waitFor()
    expect(await isWiderThanScreen(page)).toBe(false)
    expect(await page.getByText(trialBanner).count()).toBe(0)

    // Signed out, the page offers a new link instead of the account.
    await page.getByRole('link', { name: 'Your account' }).click()
    await page.getByRole('button', { name: 'Sign out' }).click()
    await page.getByRole('button', { name: 'E-mail me a sign-in link' }).waitFor()
    await context.close()
  })

  it('a link opened where another customer is signed in asks first, and only switches on a click', async () => {
    const other = await server.addTrialCustomer('Tomas')
    const context = await browser.newContext({ baseURL: server.baseUrl, ...phone, bypassCSP: true })
    const page = await context.newPage()
    await page.goto(await server.signInLinkFor(other))
    await page.getByRole('button', { name: 'Sign in', exact: true }).click()
    await page.getByRole('heading', { name: 'Hi Tomas' }).waitFor()

    const rosasLink = await server.signInLinkFor(customer)
    await page.goto(rosasLink)
    await page
      .getByText(`You are signed in as ${other.email}. Continue as ${customer.email}?`)
      .waitFor()
    expect(await isWiderThanScreen(page)).toBe(false)
    expect(await axeViolations(page)).toEqual([])
    // Staying leaves Rosa's link unused, and Tomas signed in.
    await page.getByRole('button', { name: `Stay signed in as ${other.email}` }).click()
    await page.getByRole('heading', { name: 'Hi Tomas' }).waitFor()

    await page.goto(rosasLink)
    await page.getByRole('button', { name: `Continue as ${customer.email}` }).click()
    await page.getByRole('heading', { name: 'Hi Rosa' }).waitFor()
    expect(page.url()).toBe(`${server.baseUrl}/account`)
    await context.close()
  })

  it('an expired or used link offers to e-mail a new one', async () => {
    const page = await (await browser.newContext({ baseURL: server.baseUrl, ...phone })).newPage()
    await page.goto(`/account/sign-in?token=${'A'.repeat(43)}`)
    await page.getByRole('alert').filter({ hasText: 'This sign-in link is not valid.' }).waitFor()
    await page.getByLabel('Your e-mail address').fill(customer.email)
    await page.getByRole('button', { name: 'E-mail me a sign-in link' }).click()
    await page.getByRole('status').filter({ hasText: 'If we know this address' }).waitFor()
    expect(await isWiderThanScreen(page)).toBe(false)
    await page.context().close()
  })

  it('the header and footer lead to "My account", signed out and signed in (1440 px, light)', async () => {
    const visitor = await server.addTrialCustomer('Ines')
    const context = await browser.newContext({
      baseURL: server.baseUrl,
      ...desktop,
      bypassCSP: true,
    })
    const page = await context.newPage()
    const header = page.getByRole('banner')
    const footer = page.getByRole('contentinfo')

    // Signed out: a way in next to the trial, and the footer's link too.
    await page.goto('/')
    await header.getByRole('button', { name: 'Start Free Trial' }).waitFor()
    await footer.getByRole('link', { name: 'My account' }).waitFor()
    await page.getByText(trialBanner).waitFor()
    await header.getByRole('link', { name: 'My account' }).click()
    await page.waitForURL(`${server.baseUrl}/account`)
    await page.getByRole('heading', { name: 'Sign in to your account' }).waitFor()
    await page.getByRole('button', { name: 'E-mail me a sign-in link' }).waitFor()
    expect(await axeViolations(page)).toEqual([])

    await page.goto(await server.signInLinkFor(visitor))
    await page.getByRole('button', { name: 'Sign in', exact: true }).click()
    await page.getByRole('heading', { name: 'Hi Ines' }).waitFor()
    await page.getByText(new URL(visitor.m3uUrl).origin, { exact: true }).waitFor()
    await page.getByRole('button', { name: 'Show QR for a TV or another phone' }).waitFor()

    // Signed in, on a fresh load of a public page: "My account" in the trial's place.
    await page.goto('/')
    await header.getByRole('link', { name: 'My account' }).waitFor()
    await expect
      .poll(() => header.getByRole('button', { name: 'Start Free Trial' }).count())
      .toBe(0)
    expect(await page.getByText(trialBanner).count()).toBe(0)
    expect(await page.getByRole('button', { name: 'START TRIAL', exact: true }).count()).toBe(0)
    await page.getByRole('link', { name: 'MY ACCOUNT', exact: true }).waitFor()
    await page.goto('/plans')
    await header.getByRole('link', { name: 'My account' }).waitFor()
    expect(await page.getByRole('region', { name: 'Free trial' }).count()).toBe(0)
    expect(await axeViolations(page)).toEqual([])

    // Signed out again, the trial is offered again.
    await header.getByRole('link', { name: 'My account' }).click()
    await page.getByRole('button', { name: 'Sign out' }).click()
    await header.getByRole('button', { name: 'Start Free Trial' }).waitFor()
    await page.getByText(trialBanner).waitFor()
    await context.close()
  })
})
