import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { adminPaths } from '../common/routes'
import { workerBrowser, loginAs, closeFilePages } from './fixtures'
import { startPaymentServer, type PaymentServer } from './payment-server'

/** 'Create line' refused for want of a package ID leads the admin to that very field. */
describe('a line refused for want of a package ID', () => {
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

  it('links to the Business Settings field, focused on arrival, on a phone in the dark', async () => {
    const settings = { packageId: '', gracePeriodDays: 0, creditAlertThreshold: 10 }
    await server.api('PUT', '/api/settings/supplier', settings)
    const response = await fetch(`${server.baseUrl}/api/trial-requests`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.baseUrl },
      body: JSON.stringify({
        firstName: 'Nia',
        lastName: 'Nopack',
        email: 'nia.nopack@example.com',
        plan: 'Family Plus',
      }),
    })
    const { id } = (await response.json()) as { id: string }
    const context = await browser.newContext({
      baseURL: server.baseUrl,
      viewport: { width: 390, height: 844 },
      colorScheme: 'dark',
    })
    const page = await context.newPage()
    await loginAs(page, undefined, adminPaths.person(id))
    await page.getByRole('button', { name: 'Create line' }).click()
    await page
      .getByRole('alert')
      .getByText('Set the package ID for new lines in Business Settings first.')
      .first()
      .waitFor()
    await page.getByRole('link', { name: 'Open Business Settings' }).click()
    await page.waitForFunction(() => document.activeElement?.id === 'supplier-package')
    expect(new URL(page.url()).pathname).toBe(adminPaths.section('settings'))
    await context.close()
  })
})
