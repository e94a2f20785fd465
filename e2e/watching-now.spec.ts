import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { adminPaths } from '../common/routes'
import { workerBrowser, loginAs, isWiderThanScreen, closeFilePages } from './fixtures'
import { startPaymentServer, type Customer, type PaymentServer } from './payment-server'

/**
 * Issue 45 on a phone: the customer sees who watches their line now, addresses masked, and the
 * Business Center lists the line as likely shared, with Offer a bigger plan and Dismiss.
 */
const phone = { viewport: { width: 390, height: 844 }, colorScheme: 'dark' } as const
const hour = 60 * 60 * 1000

describe('who is watching, at 390 px', () => {
  let server: PaymentServer
  let browser: Browser
  let customer: Customer

  const panelId = () =>
    server.supplier.lines.find((line) => line.username === customer.username)!.id

  beforeAll(async () => {
    server = await startPaymentServer()
    browser = await workerBrowser()
    customer = await server.addTrialCustomer('Wanda')
  })
  afterAll(async () => {
    await closeFilePages()
    await server?.stop()
  })

  it('shows "Watching now" on the customer’s page with players and masked addresses', async () => {
    const startedAt = new Date(Date.now() - 10 * 60_000)
    server.supplier.viewers.connect({
      lineId: panelId(),
      ip: '203.0.113.7',
      country: 'DE',
      userAgent: 'TiviMate/4.7.0 (Android 11)',
      stream: 'Sky Sport 1 HD',
      startedAt,
    })
    server.supplier.viewers.connect({ lineId: panelId(), ip: '198.51.100.23', startedAt })
    const context = await browser.newContext(phone)
    const page = await context.newPage()
    await page.goto(await server.signInLinkFor(customer))
    await page.getByRole('button', { name: 'Sign in', exact: true }).click()
    await page.waitForURL(`${server.baseUrl}/account`)
    const card = page.getByRole('heading', { name: /^Watching now on 2 of \d+ screens?$/ })
    await card.waitFor()
    const connections = page.getByRole('list', { name: 'Connections now' })
    await connections.getByText('TiviMate').waitFor()
    await connections.getByText('203.0.x.x').waitFor()
    expect(await page.content()).not.toContain('203.0.113.7')
    expect(await page.content()).not.toContain('198.51.100.23')
    expect(await isWiderThanScreen(page)).toBe(false)
    await context.close()
  })

  it('lists the line as likely shared in the Business Center, with Offer a bigger plan', async () => {
    const now = Math.floor(Date.now() / 1000) * 1000
    server.supplier.viewers.addActivity(
      [1, 2, 3, 4, 5, 6, 7].map((n) => ({
        lineId: panelId(),
        ip: `10.${n}.0.1`,
        country: 'DE',
        userAgent: 'VLC/3.0.20',
        startedAt: new Date(now - 3 * hour),
        endedAt: new Date(now - 2 * hour),
      })),
    )
    // Sync now reads the activity log at once (else the 5-minute round does).
    await server.api('POST', '/api/supplier/sync', {})
    await server.api('POST', '/api/plans', { name: 'Household', price: '49.99', maxConnections: 6 })

    const context = await browser.newContext({ ...phone, baseURL: server.baseUrl })
    const page = await context.newPage()
    await loginAs(page, undefined, adminPaths.section('tools'))
    const list = page.getByRole('list', { name: 'Lines likely shared' })
    const item = list.getByRole('listitem').filter({ hasText: customer.name })
    await item.waitFor()
    await item.getByText('More networks than twice its screens').waitFor()
    expect(await isWiderThanScreen(page)).toBe(false)
    await item.getByRole('button', { name: 'Offer a bigger plan' }).click()
    // The plan with the next screens up (Household, or one of the seeded plans before it).
    await page
      .getByText(/^Offered /)
      .first()
      .waitFor()
    await item.getByRole('button', { name: 'Dismiss' }).waitFor()
    await context.close()
  })
})
