import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Payment } from '../common/payments'
import { workerBrowser, closeFilePages } from './fixtures'
import { startPaymentServer, type PaymentServer } from './payment-server'

/**
 * Issue 43, item 6 on a 390 px phone in the dark and a 1440 px desktop in the light: a reminder's
 * one-tap button, once the customer signs in, opens Stripe's page for the plan they pay for, with
 * nothing more to press; coming back to the page starts no second checkout.
 */
const screens = [
  { name: 'phone', viewport: { width: 390, height: 844 }, colorScheme: 'dark' },
  { name: 'desktop', viewport: { width: 1440, height: 900 }, colorScheme: 'light' },
] as const

describe.each(screens)('renewing in one tap from a reminder ($name)', (screen) => {
  let server: PaymentServer
  let browser: Browser

  beforeAll(async () => {
    server = await startPaymentServer()
    browser = await workerBrowser()
  })
  afterAll(async () => {
    await closeFilePages()
    await server?.stop()
  })

  it('signs in and goes straight to the checkout of the same plan, recorded as a renewal', async () => {
    const customer = await server.addTrialCustomer('Tao')
    await server.api<Payment>('POST', `/api/trial-requests/${customer.id}/payments`, {
      planId: server.plan.id,
      months: 3,
      method: 'cash',
    })
    // The button as a last reminder carries it (message-values.ts): the link, the plan, pay.
    const link = `${await server.signInLinkFor(customer)}&renew=1&plan=${server.plan.id}&pay=1`
    const context = await browser.newContext({
      baseURL: server.baseUrl,
      viewport: screen.viewport,
      colorScheme: screen.colorScheme,
      bypassCSP: true,
    })
    const page = await context.newPage()
    await page.goto(link)
    await page.getByRole('button', { name: 'Sign in', exact: true }).click()
    await page.waitForURL(`${server.stripe.url}/pay/**`)

    const [pending, ...earlier] = await server.paymentsOf(customer.id)
    expect(pending).toMatchObject({
      planId: server.plan.id,
      months: 3,
      provider: 'stripe',
      kind: 'renewal',
      status: 'pending',
    })
    expect(earlier).toHaveLength(1)

    // Back from Stripe's page: the renew panel on the plan, and no second checkout.
    await page.goBack()
    await page.waitForURL(`${server.baseUrl}/account?renew=1&plan=${server.plan.id}`)
    const family = page.getByRole('radio', { name: /^Family Plus · 3 months 29\.99/ })
    await family.waitFor()
    expect(await family.isChecked()).toBe(true)
    expect(await server.paymentsOf(customer.id)).toHaveLength(2)
    await context.close()
  })
})
