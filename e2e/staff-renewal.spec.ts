import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { adminPaths } from '../common/routes'
import { axeViolations } from './axe'
import { closeFilePages, isWiderThanScreen, loginAs, workerBrowser } from './fixtures'
import { owner } from './owner'
import { startPaymentServer, type Customer, type PaymentServer } from './payment-server'
import { seedRenewal } from './renewal-fixtures'

/**
 * Issue 43, item 5, what staff read of automatic renewal: a person's "Automatic renewal" card
 * (status, card, next try, attempts with their decline codes, Retry now), the Payments view's
 * Kind filter with a declined renewal's code, and the Business Settings' Renewals card; at 390
 * and 1440 px, light and dark.
 */
const screens = [
  { name: 'phone-dark', viewport: { width: 390, height: 844 }, colorScheme: 'dark' },
  { name: 'phone-light', viewport: { width: 390, height: 844 }, colorScheme: 'light' },
  { name: 'desktop-light', viewport: { width: 1440, height: 900 }, colorScheme: 'light' },
  { name: 'desktop-dark', viewport: { width: 1440, height: 900 }, colorScheme: 'dark' },
] as const
const shots = process.env.E2E_SCREENSHOTS_DIR

describe('automatic renewal for staff', () => {
  let server: PaymentServer
  let browser: Browser
  let customer: Customer

  const open = async (screen: (typeof screens)[number], path: string) => {
    const { name: _name, ...options } = screen
    const page = await (
      await browser.newContext({ baseURL: server.baseUrl, bypassCSP: true, ...options })
    ).newPage()
    await loginAs(page, owner, path)
    return page
  }
  const snap = (page: Page, name: string) =>
    shots ? page.screenshot({ path: `${shots}/${name}.png`, fullPage: true }) : null

  beforeAll(async () => {
    server = await startPaymentServer()
    browser = await workerBrowser()
    customer = await server.addTrialCustomer('Renata')
    await server.api('POST', `/api/trial-requests/${customer.id}/payments`, {
      planId: server.plan.id,
      months: 3,
      method: 'cash',
    })
    await seedRenewal(server, customer.id, { declined: true })
  })
  afterAll(async () => {
    await closeFilePages()
    await server?.stop()
  })

  it.each(screens)('shows a declined renewal on the person’s page ($name)', async (screen) => {
    const page = await open(screen, adminPaths.person(customer.id))
    // The innermost box holding both the card's title and its actions: the card itself.
    const card = page
      .locator('div', { has: page.getByRole('heading', { name: 'Automatic renewal' }) })
      .filter({ has: page.getByRole('button', { name: 'Retry now' }) })
      .last()
    await card.getByText('Retrying a declined card').waitFor()
    await card.getByText('Visa •••• 4242 · expires 04/31').waitFor()
    const attempts = card.getByRole('region', { name: 'Attempts' })
    await attempts.getByText('insufficient_funds').waitFor()
    await attempts.getByText('Your card has insufficient funds.').waitFor()
    await card.getByText(/^Next try /).waitFor()
    // Retry is offered while it retries; turning off, while renewal is on.
    await card.getByRole('button', { name: 'Retry now' }).waitFor()
    const turnOff = card.getByRole('button', { name: 'Turn off renewal' })
    await turnOff.focus()
    await page.keyboard.press('Enter')
    const confirm = page.getByRole('alertdialog', { name: 'Turn off automatic renewal?' })
    await confirm.getByText('keeps the line until the end of the paid period').waitFor()
    await snap(page, `person-renewal-confirm-${screen.name}`)
    await page.keyboard.press('Escape')
    await confirm.waitFor({ state: 'detached' })
    expect(await isWiderThanScreen(page)).toBe(false)
    expect(await axeViolations(page)).toEqual([])
    await card.scrollIntoViewIfNeeded()
    await snap(page, `person-renewal-${screen.name}`)
    await page.context().close()
  })

  it.each(screens)('filters renewals in Payments, with their codes ($name)', async (screen) => {
    const page = await open(screen, adminPaths.section('payments'))
    await page.getByLabel('Kind').selectOption('Renewal')
    const rows = page.getByRole('table', { name: 'Payments, newest first' }).getByRole('row')
    const renewal = rows.filter({ hasText: customer.name })
    await renewal.getByText('insufficient_funds').waitFor()
    // The purchase recorded in cash is not a renewal.
    await expect.poll(() => rows.filter({ hasText: 'Manual · Cash' }).count()).toBe(0)
    expect(await isWiderThanScreen(page)).toBe(false)
    expect(await axeViolations(page)).toEqual([])
    await snap(page, `payments-renewals-${screen.name}`)
    await page.context().close()
  })

  it.each(screens)('sets the renewal settings in Business Settings ($name)', async (screen) => {
    const page = await open(screen, adminPaths.section('settings'))
    const form = page.getByRole('form', { name: 'Renewals' })
    const notice = form.getByLabel('Notice before a renewal (days)')
    await notice.fill('20')
    await form.getByRole('button', { name: 'Save settings' }).click()
    await form.getByText('Renewal notice must be between 1 and 14 days').waitFor()
    await notice.fill('5')
    await form.getByLabel('Discount offered to stay').fill(`STAY${screen.name.length}`)
    await form.getByRole('button', { name: 'Save settings' }).click()
    await page.getByText('Renewal settings saved successfully').first().waitFor()
    expect(await server.api('GET', '/api/settings/renewals')).toEqual({
      renewalNoticeDays: 5,
      renewalGraceDays: 3,
      retentionDiscountCode: `STAY${screen.name.length}`,
    })
    expect(await isWiderThanScreen(page)).toBe(false)
    expect(await axeViolations(page)).toEqual([])
    await form.scrollIntoViewIfNeeded()
    await snap(page, `settings-renewals-${screen.name}`)
    await page.context().close()
  })
})
