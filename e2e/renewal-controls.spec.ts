import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { axeViolations } from './axe'
import { workerBrowser, isWiderThanScreen, closeFilePages } from './fixtures'
import { startPaymentServer, type Customer, type PaymentServer } from './payment-server'

// Screenshots to look at, when asked for (E2E_SCREENSHOTS_DIR).
const shots = process.env.E2E_SCREENSHOTS_DIR

/**
 * Issue 43, item 4, end to end on a phone: a paying customer saves a card on (fake) Stripe's
 * setup page, renews automatically, turns it off with a reason (the line stays to the paid end),
 * then updates their card on Stripe's page and sees the new one on their page.
 */
const phone = { viewport: { width: 390, height: 844 }, colorScheme: 'dark' } as const
const desktop = { viewport: { width: 1440, height: 900 }, colorScheme: 'light' } as const

describe('a customer runs their automatic renewal alone, from a phone', () => {
  let server: PaymentServer
  let browser: Browser
  let customer: Customer

  /** Stripe's setup page: the customer types `card` and comes back to /account. */
  async function saveCardOnStripe(page: Page, button: string, card: object) {
    server.stripe.state.checkoutCard = card
    await page.getByRole('button', { name: button }).click()
    await page.waitForURL(`${server.stripe.url}/pay/**`)
    await page.getByText('Save your card for future payments').waitFor()
    await page.getByRole('button', { name: 'Pay' }).click()
    await page.waitForURL(`${server.baseUrl}/account**`)
    await page.getByRole('status').filter({ hasText: 'Your new card is saved.' }).waitFor()
  }

  beforeAll(async () => {
    server = await startPaymentServer()
    browser = await workerBrowser()
    await server.api('POST', '/api/plans', {
      name: 'Family Lite',
      price: '7.99',
      currency: 'EUR',
      billingPeriod: 'monthly',
    })
    customer = await server.addTrialCustomer('Ines')
    await server.api('POST', `/api/trial-requests/${customer.id}/payments`, {
      planId: server.plan.id,
      months: 3,
      method: 'cash',
    })
  })
  afterAll(async () => {
    await closeFilePages()
    await server?.stop()
  })

  it('saves a card, turns renewal on, off with a reason, and updates the card', async () => {
    const context = await browser.newContext({ baseURL: server.baseUrl, ...phone, bypassCSP: true })
    const page = await context.newPage()
    await page.goto(await server.signInLinkFor(customer))
    await page.getByRole('button', { name: 'Sign in', exact: true }).click()
    const section = page.getByRole('region', { name: 'Automatic renewal' })
    await section.getByText('No card saved').waitFor()

    await saveCardOnStripe(page, 'Add a card', { last4: '4242', expMonth: 4, expYear: 2031 })
    await section.getByText('Visa •••• 4242 · expires 04/31').waitFor()

    const toggle = section.getByRole('switch', { name: /Renew automatically/ })
    await toggle.click()
    await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('true')
    await section.getByText(/^Renews on .+ for 29\.99 EUR\.$/).waitFor()
    if (shots) await section.screenshot({ path: `${shots}/renewal-on-390-dark.png` })

    // Off: why, and what stays.
    await toggle.click()
    await section.getByRole('radio', { name: 'I do not watch enough' }).check()
    const endsAt = (await server.person(customer.id)).subscriptionEndDate
    await section.getByText(/^Your line stays on until .+\. Nothing more is charged\.$/).waitFor()
    expect(await axeViolations(page)).toEqual([])
    await section.getByRole('button', { name: 'Turn off automatic renewal' }).click()
    await section
      .getByText(/^Off: your line stays on until .+, and nothing more is charged\.$/)
      .waitFor()
    expect(await toggle.getAttribute('aria-checked')).toBe('false')
    expect((await server.person(customer.id)).subscriptionEndDate).toBe(endsAt)

    await saveCardOnStripe(page, 'Update card', { last4: '1881', expMonth: 7, expYear: 2033 })
    await section.getByText('Visa •••• 1881 · expires 07/33').waitFor()
    expect(await isWiderThanScreen(page)).toBe(false)
    if (shots) {
      await section.screenshot({ path: `${shots}/renewal-off-390-dark.png` })
      await page.emulateMedia({ colorScheme: 'light' })
      await section.screenshot({ path: `${shots}/renewal-off-390-light.png` })
    }
    await context.close()
  })

  it('shows the same on a wide screen, where nothing overflows either', async () => {
    const context = await browser.newContext({ baseURL: server.baseUrl, ...desktop })
    const page = await context.newPage()
    await page.goto(await server.signInLinkFor(customer))
    await page.getByRole('button', { name: 'Sign in', exact: true }).click()
    const section = page.getByRole('region', { name: 'Automatic renewal' })
    await section.getByText('Visa •••• 1881 · expires 07/33').waitFor()
    expect(
      await section
        .getByRole('switch', { name: /Renew automatically/ })
        .getAttribute('aria-checked'),
    ).toBe('false')
    expect(await isWiderThanScreen(page)).toBe(false)
    // A cheaper plan a month: for the next automatic renewal (off here), nothing charged now.
    await section
      .getByLabel('Plan', { exact: true })
      .selectOption({ label: 'Family Lite · 7.99 EUR a month' })
    await section
      .getByText(
        /^Chosen for your next automatic renewal on .+: turn automatic renewal on to move to it\. Nothing is charged now\.$/,
      )
      .waitFor()
    await section.getByRole('button', { name: 'Change plan' }).click()
    await section
      .getByRole('status')
      .filter({
        hasText:
          /^Family Lite is chosen for your next automatic renewal, on .+\. Nothing was charged\.$/,
      })
      .waitFor()
    await section
      .getByText(
        /^Family Lite is chosen for your next automatic renewal: turn automatic renewal on to move to it on .+\.$/,
      )
      .waitFor()
    await context.close()
  })
})
