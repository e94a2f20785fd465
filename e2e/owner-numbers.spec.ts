import { readFile } from 'node:fs/promises'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { adminPaths } from '../common/routes'
import { axeViolations } from './axe'
import { workerBrowser, loginAs, closeFilePages } from './fixtures'
import { startPaymentServer, type Customer, type PaymentServer } from './payment-server'

/** The 15th of the month before this one (UTC, the business time zone here), as a date input takes it. */
function midLastMonth(): { isoDate: string; month: string } {
  const now = new Date()
  const day = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 15))
  return { isoDate: day.toISOString().slice(0, 10), month: day.toISOString().slice(0, 7) }
}

/**
 * The owner on a phone at night: money received last month is recorded on the person's page, and
 * Financials shows it in the month it was paid, explains each figure, and hands the months over
 * as a CSV with the same figures.
 */
describe('the owner’s numbers on a phone', () => {
  let server: PaymentServer
  let browser: Browser
  let customer: Customer

  const phone = async (): Promise<Page> => {
    const context = await browser.newContext({
      baseURL: server.baseUrl,
      viewport: { width: 390, height: 844 },
      colorScheme: 'dark',
      acceptDownloads: true,
      // axe is injected as a script of its own.
      bypassCSP: true,
    })
    return context.newPage()
  }

  beforeAll(async () => {
    server = await startPaymentServer()
    browser = await workerBrowser()
    customer = await server.addTrialCustomer('Nadia')
  })
  afterAll(async () => {
    await closeFilePages()
    await server?.stop()
  })

  it('shows a payment received last month in that month, explained, and as CSV', async () => {
    const paid = midLastMonth()
    const page = await phone()
    await loginAs(page, undefined, adminPaths.person(customer.id))
    await page.getByRole('button', { name: 'Record payment' }).click()
    const dialog = page.getByRole('dialog', { name: 'Record payment' })
    await dialog.getByLabel('Plan').selectOption('Family Plus')
    await dialog.getByLabel('Months').fill('3')
    await dialog.getByLabel('Paid on (optional)').fill(paid.isoDate)
    await dialog.getByLabel('Method').selectOption('Cash')
    await dialog.getByRole('button', { name: 'Record payment' }).click()
    await page.getByText('Payment recorded').first().waitFor()

    await page.goto(adminPaths.section('financials'))
    const figure = (label: string) =>
      page.locator('dl > div').filter({ has: page.getByText(label, { exact: true }) })
    await expect
      .poll(() => figure('Cash received').locator('dd').first().innerText())
      .toBe('29.99 EUR')

    // The month it was paid holds the cash, on the phone's stacked rows as on a wide table.
    const paidMonth = page.getByRole('row').filter({
      has: page.getByText(
        new Date(`${paid.month}-01T00:00:00Z`).toLocaleString('en-US', {
          month: 'short',
          year: 'numeric',
          timeZone: 'UTC',
        }),
        { exact: true },
      ),
    })
    await expect.poll(() => paidMonth.locator('[data-label="Cash"]').innerText()).toBe('29.99 EUR')
    // The month in progress says its figures are only so far.
    const thisMonth = new Date().toLocaleString('en-US', {
      month: 'short',
      year: 'numeric',
      timeZone: 'UTC',
    })
    await page
      .getByRole('row')
      .filter({ has: page.getByText(`${thisMonth} (so far)`, { exact: true }) })
      .first()
      .waitFor()

    // Each figure says what it is, to a finger as to a mouse.
    await page.getByRole('button', { name: /^MRR now:/ }).focus()
    await page
      .getByRole('tooltip')
      .getByText(/each paid period running then/)
      .waitFor()

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Download CSV' }).click(),
    ])
    const csv = (await readFile((await download.path())!, 'utf8')).replace(/^\uFEFF/, '')
    const [header, ...rows] = csv
      .trim()
      .split('\r\n')
      .map((line) => line.split(','))
    expect(header!.slice(0, 3)).toEqual(['month', 'mrr', 'newMrr'])
    expect(rows).toHaveLength(12)
    const cashAt = header!.indexOf('cash')
    expect(rows.find((row) => row[0] === paid.month)?.[cashAt]).toBe('29.99')
    // The card's MRR now is the last month's, as the file has it.
    const mrrNow = await figure('MRR now').locator('dd').first().innerText()
    expect(mrrNow).toBe(`${rows.at(-1)![1]} EUR`)

    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
    await page.keyboard.press('Escape')
    expect(await axeViolations(page)).toEqual([])
    await page.context().close()
  })
})
