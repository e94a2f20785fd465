import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { PersonView } from '../common/people'
import { adminPaths } from '../common/routes'
import { workerBrowser, loginAs, closeFilePages } from './fixtures'
import { owner } from './owner'
import { startPaymentServer, type Customer, type PaymentServer } from './payment-server'
import { seedRenewal } from './renewal-fixtures'

/**
 * Issue 43, item 5: staff turn a person's automatic renewal off from their page, on a phone,
 * by keyboard, after confirming. The route (`POST /api/trial-requests/{id}/renewal`) is the
 * customer controls' (renew-customer); this journey passes once both are merged.
 */
describe('staff turn automatic renewal off', () => {
  let server: PaymentServer
  let browser: Browser
  let customer: Customer

  beforeAll(async () => {
    server = await startPaymentServer()
    browser = await workerBrowser()
    customer = await server.addTrialCustomer('Otto')
    await server.api('POST', `/api/trial-requests/${customer.id}/payments`, {
      planId: server.plan.id,
      months: 3,
      method: 'cash',
    })
    await seedRenewal(server, customer.id, { declined: false })
  })
  afterAll(async () => {
    await closeFilePages()
    await server?.stop()
  })

  it('asks first, then turns it off: the card says Off and offers no action', async () => {
    const context = await browser.newContext({
      baseURL: server.baseUrl,
      viewport: { width: 390, height: 844 },
      colorScheme: 'dark',
    })
    const page = await context.newPage()
    await loginAs(page, owner, adminPaths.person(customer.id))
    const turnOff = page.getByRole('button', { name: 'Turn off renewal' })
    await turnOff.focus()
    await page.keyboard.press('Enter')
    const confirm = page.getByRole('alertdialog', { name: 'Turn off automatic renewal?' })
    await confirm.getByRole('button', { name: 'Turn off renewal' }).click()
    await page.getByText('Automatic renewal turned off').first().waitFor()
    await expect.poll(() => turnOff.count()).toBe(0)
    const view = await server.api<PersonView>('GET', `/api/people/${customer.id}`)
    expect(view.renewal).toMatchObject({ autoRenew: false, status: 'off' })
    await context.close()
  })
})
