import { readFileSync } from 'node:fs'
import type { Browser, Download, Page } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import { adminTabAxeViolations, openAdminTab } from './admin-tabs'
import { workerBrowser } from './fixtures'

const configurationForm = (page: Page) => page.getByRole('form', { name: 'Platform Configuration' })

async function saveConfiguration(page: Page, trialDuration: string, maxStreams: string) {
  const form = configurationForm(page)
  await form.getByLabel('Trial duration').selectOption({ label: trialDuration })
  await form.getByLabel('Max concurrent streams').selectOption(maxStreams)
  await form.getByRole('button', { name: 'Save settings' }).click()
  await page.getByText('Platform settings saved successfully').waitFor()
}

async function readBackup(download: Download) {
  expect(download.suggestedFilename()).toMatch(/^backup-.+\.json$/)
  return JSON.parse(readFileSync(await download.path(), 'utf8')) as {
    format: string
    tables: Record<string, unknown[]>
  }
}

describe('Business Center: business settings', () => {
  let browser: Browser
  beforeAll(async () => {
    browser = await workerBrowser()
  })

  it('saves the platform configuration on the server', async () => {
    const { page, errors } = await openAdminTab(browser, 'Business Settings')
    const form = configurationForm(page)
    const saveButton = form.getByRole('button', { name: 'Save settings' })
    await form.getByLabel('Trial duration').waitFor()
    expect(await saveButton.isDisabled()).toBe(true)

    await saveConfiguration(page, '7 days', '5')
    await page.reload()
    await page.getByRole('tab', { name: 'Business Settings', exact: true }).click()
    await form.getByLabel('Trial duration').waitFor()
    expect(await form.getByLabel('Trial duration').inputValue()).toBe('168')
    expect(await form.getByLabel('Max concurrent streams').inputValue()).toBe('5')

    // Back to the defaults: the trial duration drives expiry for every other spec.
    await saveConfiguration(page, '24 hours', '2')
    expect(errors).toEqual([])
  })

  it('expires overdue subscriptions after confirmation, and downloads backups', async () => {
    const { page, errors } = await openAdminTab(browser, 'Business Settings')
    await page.getByRole('button', { name: 'Expire overdue now' }).click()
    const confirmation = page.getByRole('alertdialog', { name: 'Expire overdue now?' })
    await confirmation.getByRole('button', { name: 'Cancel' }).click()
    await confirmation.waitFor({ state: 'detached' })

    await page.getByRole('button', { name: 'Expire overdue now' }).click()
    await confirmation.getByRole('button', { name: 'Expire now' }).click()
    await page.getByText('Overdue subscriptions expired').waitFor()
    await page.getByText(/\d+ trials? and \d+ paid subscriptions? expired\./).waitFor()

    const [backup] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Download backup' }).click(),
    ])
    const data = await readBackup(backup)
    expect(data.format).toBe('streamline-backup')
    expect(Array.isArray(data.tables.trial_requests)).toBe(true)
    // No secret column: the password hash and two-factor secrets stay out of backups.
    const userColumns = Object.keys(data.tables.users?.[0] ?? {})
    expect(userColumns).toContain('username')
    expect(userColumns.filter((column) => /^password$|totp/i.test(column))).toEqual([])

    const [exported] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Export Data' }).click(),
    ])
    expect((await readBackup(exported)).format).toBe('streamline-backup')
    expect(errors).toEqual([])
  })

  it('writes a backup file on demand and shows it as the last one', async () => {
    const { page, errors } = await openAdminTab(browser, 'Business Settings')
    await page.getByText(/the last 14 are kept/).waitFor()
    await page.getByRole('button', { name: 'Back up now' }).click()
    const toast = page.getByText(/^backup-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ\.json \(.+\)$/)
    await toast.first().waitFor()
    const file = (await toast.first().textContent())!.split(' ')[0]!
    // The card now names the file just written as the last backup.
    await page.getByText(file, { exact: true }).waitFor()
    await page.getByText('Last backup', { exact: true }).waitFor()
    expect(errors).toEqual([])
  })

  it('lists the activity, filtered by entity type and action', async () => {
    const { page, errors } = await openAdminTab(browser, 'Business Settings')
    const activity = page.getByRole('list', { name: 'Activity, newest first' })
    await activity.getByText('changed the platform settings').first().waitFor()

    await page.getByLabel('Entity type', { exact: true }).selectOption('maintenance')
    await activity.getByText('ran Expire now').first().waitFor()
    await expect.poll(() => activity.getByText('changed the platform settings').count()).toBe(0)

    await page.getByLabel('Action', { exact: true }).fill('maintenance.backup')
    await expect.poll(() => activity.getByText('ran Expire now').count()).toBe(0)
    await activity.getByText('downloaded a full backup').first().waitFor()

    await page.getByLabel('Action', { exact: true }).fill('no.such_action')
    await page.getByText('No activity found').waitFor()
    expect(errors).toEqual([])
  })

  it('has no axe violations', async () => {
    const violations = await adminTabAxeViolations(browser, 'Business Settings', (page) =>
      page.getByRole('list', { name: 'Activity, newest first' }).waitFor(),
    )
    expect(violations).toEqual([])
  })
})
