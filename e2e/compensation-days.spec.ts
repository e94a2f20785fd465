import type { Browser } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import { adminTabAxeViolations, openAdminTab } from './admin-tabs'
import { workerBrowser } from './fixtures'

describe('Business Center: compensation days', () => {
  let browser: Browser
  beforeAll(async () => {
    browser = await workerBrowser()
  })

  it('adds days from a phone and shows the progress as a bar until it finishes', async () => {
    const { page, errors } = await openAdminTab(browser, 'Admin Tools')
    await page.setViewportSize({ width: 390, height: 844 })
    await page.getByRole('heading', { name: 'Compensation days' }).waitFor()
    await page.getByLabel('Days to add').fill('31')
    await page.getByRole('button', { name: 'Add days' }).click()
    await page.getByText('days must be between 1 and 30').waitFor()

    await page.getByLabel('Days to add').fill('2')
    await page.getByLabel('Note', { exact: true }).fill('Supplier outage on Saturday')
    await page.getByRole('button', { name: 'Add days' }).click()
    await page.getByText('Adding days to active subscriptions').waitFor()
    const item = page.getByRole('listitem').filter({ hasText: 'Supplier outage on Saturday' })
    await item.getByRole('progressbar').first().waitFor()
    // The server's job works through it within a few polls.
    await item.getByText('Finished').waitFor({ timeout: 60_000 })
    expect(await item.getByRole('progressbar').first().getAttribute('aria-valuenow')).toBe('100')
    // Nothing is wider than the phone.
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    )
    expect(overflow).toBeLessThanOrEqual(0)
    expect(errors).toEqual([])
  })

  it('has no axe violations with a compensation on screen', async () => {
    const violations = await adminTabAxeViolations(browser, 'Admin Tools', async (page) => {
      await page.getByRole('heading', { name: 'Recent compensations' }).waitFor()
      await page
        .getByRole('status', { name: 'Loading compensations' })
        .waitFor({ state: 'detached' })
    })
    expect(violations).toEqual([])
  })
})
