import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { eq } from 'drizzle-orm'
import type { Browser, Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { adminPaths } from '../common/routes'
import { openDatabase } from '../server/db/client'
import { trialRequests } from '../server/db/schema/trial-requests'
import { startFakeSupplier, type FakeSupplier } from '../server/test/fake-supplier'
import { freePort } from '../server/test/free-port'
import {
  startServerProcess,
  stopServerProcess,
  waitForHealth,
  type ServerProcess,
} from '../server/test/server-process'
import { axeViolations } from './axe'
import { closeFilePages, isWiderThanScreen, loginAs, workerBrowser } from './fixtures'
import { owner } from './owner'

/**
 * A subscriber's line through its whole life: trial request → trial line → converted for three
 * months (the line paid, ending with it) → extended a month → changed behind our back on the
 * panel, found by Sync now and put right → expired, and disabled on the panel.
 *
 * This spec runs its own built server, on its own data directory and fake panel (whose lines it
 * reads and edits directly). Time cannot be injected into a built server, so the subscription is
 * aged by the one test-only path: the server is stopped, the subscription's end date moved into
 * the past in its PGlite directory, and the server started again (sessions live in the database,
 * so the browser stays signed in).
 */
const tag = `l${Date.now().toString(36)}`
const person = {
  firstName: 'Lena',
  lastName: `Lifecycle ${tag}`,
  email: `lena.${tag}@example.com`,
  plan: 'Family Plus',
}
const fullName = `${person.firstName} ${person.lastName}`
const seconds = (iso: string) => String(Math.floor(new Date(iso).getTime() / 1000))

describe('Business Center: a subscriber’s line on the supplier panel', () => {
  let supplier: FakeSupplier
  let server: ServerProcess
  let browser: Browser
  let page: Page
  let baseUrl: string
  let env: Record<string, string>
  let dataDir: string
  let cookie = ''
  let personId = ''
  let username = ''

  async function api<T = any>(method: string, path: string, body?: object): Promise<T> {
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers: {
        cookie,
        origin: baseUrl,
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    })
    if (!response.ok)
      throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`)
    if (method === 'POST' && path === '/api/admin/login') {
      cookie = response.headers
        .getSetCookie()
        .map((value) => value.split(';')[0])
        .join('; ')
    }
    return (await response.json()) as T
  }
  const subscriber = async () =>
    (await api<any[]>('GET', `/api/trial-requests/search?q=${encodeURIComponent(person.email)}`))[0]
  const onPanel = () => supplier.lines.find((line) => line.username === username)!
  const row = () => page.getByRole('row').filter({ hasText: fullName })

  async function startServer() {
    server = startServerProcess(env, 'built')
    await waitForHealth(baseUrl, server)
  }

  async function openContacts() {
    await page.getByRole('tab', { name: 'Users & Contacts', exact: true }).click()
    await page.getByLabel('Search contacts').fill(person.email)
    await row().waitFor()
  }

  beforeAll(async () => {
    supplier = await startFakeSupplier()
    dataDir = mkdtempSync(join(tmpdir(), 'e2e-lines-'))
    const port = await freePort()
    baseUrl = `http://127.0.0.1:${port}`
    env = {
      PORT: String(port),
      DATA_DIR: dataDir,
      ADMIN_USERNAME: owner.username,
      ADMIN_PASSWORD: owner.password,
      // Nothing listens there: the sports pages are not part of this journey.
      SPORTS_API_BASE: 'http://127.0.0.1:9',
      SUPPLIER_API_URL: supplier.apiUrl,
      SUPPLIER_API_KEY: supplier.apiKey,
    }
    await startServer()
    await api('POST', '/api/admin/login', owner)
    await api('PUT', '/api/settings/supplier', {
      packageId: '4',
      gracePeriodDays: 0,
      creditAlertThreshold: 10,
    })
    await api('POST', '/api/plans', {
      name: 'Family Plus',
      price: '41.99',
      billingPeriod: 'quarterly',
    })
    browser = await workerBrowser()
    const context = await browser.newContext({ baseURL: baseUrl })
    page = await context.newPage()
    await loginAs(page)
  })

  // This server's own log is kept in memory: a failed step shows its warnings and errors.
  afterEach(({ task }) => {
    if (task.result?.state !== 'fail') return
    const problems = server
      .output()
      .split('\n')
      .filter((line) => /"level":[456]0/.test(line))
    console.error(problems.slice(-50).join('\n'))
  })

  afterAll(async () => {
    await closeFilePages()
    if (server) await stopServerProcess(server)
    await supplier?.close()
    rmSync(dataDir, { recursive: true, force: true })
  })

  it('makes a trial line for a trial request', async () => {
    const response = await fetch(`${baseUrl}/api/trial-requests`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: baseUrl },
      body: JSON.stringify(person),
    })
    personId = ((await response.json()) as { id: string }).id
    await openContacts()
    await row()
      .getByRole('button', { name: `Line of ${fullName}` })
      .click()
    const dialog = page.getByRole('dialog', { name: `Line of ${fullName}` })
    await dialog.getByText('No line yet').waitFor()
    await dialog.getByRole('button', { name: 'Create line' }).click()
    await dialog.getByText('Trial line').waitFor()
    username = `sl${(await subscriber()).subscriptionId.slice(4).toLowerCase()}`
    await dialog.getByText(username, { exact: true }).waitFor()
    expect(await dialog.getByLabel('Client instructions').inputValue()).toContain(
      `username=${username}`,
    )
    expect(onPanel()).toMatchObject({ is_trial: '1', enabled: '1', bouquet: '[4]' })
    // Each dialog is gone before the next test's first click, which must not meet it closing.
    await page.keyboard.press('Escape')
    await dialog.waitFor({ state: 'detached' })
  })

  it('converts for three months: the panel line is paid and ends with the subscription', async () => {
    await row()
      .getByRole('button', { name: `Convert ${fullName} to paid` })
      .click()
    const dialog = page.getByRole('dialog', { name: 'Convert to paid subscription' })
    await dialog.getByLabel('Paid plan').selectOption('Family Plus')
    expect(await dialog.getByLabel('Duration (months)').inputValue()).toBe('3')
    // The trial line they have is converted: no offer to buy a second one.
    await dialog.getByText('becomes a paid line ending with the subscription').waitFor()
    expect(await dialog.getByLabel('Create the line on the panel').count()).toBe(0)
    await dialog.getByRole('button', { name: 'Convert' }).click()
    await page.getByText('Trial successfully converted to paid subscription!').waitFor()
    await dialog.waitFor({ state: 'detached' })
    const converted = await subscriber()
    await expect.poll(() => onPanel().is_trial).toBe('0')
    expect(onPanel().exp_date).toBe(seconds(converted.subscriptionEndDate))
  })

  it('extends by a month: the panel expiry moves with it', async () => {
    const before = (await subscriber()).subscriptionEndDate
    await row()
      .getByRole('button', { name: `Extend subscription of ${fullName}` })
      .click()
    const dialog = page.getByRole('dialog', { name: 'Extend subscription' })
    // Family Plus is 41.99 for three months: one month pre-fills a third, and the new end shows.
    expect(await dialog.getByLabel('Price').inputValue()).toBe('14.00')
    await dialog.getByLabel('Months').fill('2')
    expect(await dialog.getByLabel('Price').inputValue()).toBe('27.99')
    await dialog.getByText('New end:').waitFor()
    await dialog.getByLabel('Months').fill('1')
    await dialog.getByLabel('Price').fill('14.99')
    await dialog.getByRole('button', { name: 'Extend' }).click()
    await page.getByText('Subscription extended successfully').waitFor()
    const after = (await subscriber()).subscriptionEndDate
    expect(new Date(after) > new Date(before)).toBe(true)
    expect(onPanel().exp_date).toBe(seconds(after))

    // The Line dialog is opened once this one has gone, and seen open: a failure below is then
    // the line's, not a click that met the closing dialog.
    await dialog.waitFor({ state: 'detached' })
    await row()
      .getByRole('button', { name: `Line of ${fullName}` })
      .click()
    const line = page.getByRole('dialog', { name: `Line of ${fullName}` })
    await line.waitFor()
    await line.getByText('Paid line').waitFor()
    // The line's history on the panel, in words: made, converted, extended.
    await line.getByText('Created a trial line', { exact: false }).waitFor()
    await line.getByText('Converted to paid, ends', { exact: false }).waitFor()
    await line.getByText('Extended by 1 month to', { exact: false }).waitFor()
    // Beside ours, what the panel last said.
    await line.getByText('Panel: enabled, paid').waitFor()
    // Disabling asks first; cancelled, nothing happens.
    await line.getByRole('button', { name: 'Disable line' }).click()
    const confirm = page.getByRole('alertdialog', { name: `Disable the line ${username}?` })
    await confirm.getByRole('button', { name: 'Cancel' }).click()
    await confirm.waitFor({ state: 'detached' })
    expect(onPanel().enabled).toBe('1')
    await page.keyboard.press('Escape')
    await line.waitFor({ state: 'detached' })
  })

  it('shows a change made on the panel after Sync now, and puts it right', async () => {
    supplier.editOnPanel(username, { enabled: '0' })
    await page.getByRole('tab', { name: 'Admin Tools', exact: true }).click()
    await page.getByRole('button', { name: 'Sync now' }).click()
    await page.getByText('Synced with the panel').waitFor()
    const differences = page.getByRole('list', { name: 'Differences with the panel' })
    const item = differences.getByRole('listitem').filter({ hasText: username })
    await item.getByText('Enabled differs').waitFor()
    // The person first (opening them), the panel login beside.
    await item.getByRole('link', { name: fullName }).waitFor()
    await item.getByRole('button', { name: `Put right: Enabled differs, ${fullName}` }).click()
    // The dialog asks which side to keep, showing both before and after; ours is the default.
    const dialog = page.getByRole('alertdialog')
    await dialog.getByRole('radio', { name: /Keep the panel's/ }).waitFor()
    await dialog.getByRole('row', { name: /^Panel Disabled.*Enabled/ }).waitFor()
    await dialog.getByRole('button', { name: 'Confirm' }).click()
    await page.getByText('Put right on the panel').waitFor()
    await item.waitFor({ state: 'detached' })
    expect(onPanel().enabled).toBe('1')
  })

  it('disables the line once the subscription has expired', async () => {
    await stopServerProcess(server)
    const database = await openDatabase({ kind: 'pglite', dataDir })
    await database.db
      .update(trialRequests)
      .set({ subscriptionEndDate: new Date(Date.now() - 24 * 60 * 60 * 1000) })
      .where(eq(trialRequests.id, personId))
    await database.close()
    await startServer()

    // The expiry job runs as the server starts (then every minute): it expires the subscription
    // and, the grace period being 0 days, disables the line on the panel.
    await expect.poll(() => onPanel().enabled, { timeout: 20_000 }).toBe('0')
    await page.goto('/admin')
    await page.getByRole('heading', { name: 'Business Center' }).waitFor()

    await openContacts()
    await row()
      .getByRole('button', { name: `Line of ${fullName}` })
      .click()
    const line = page.getByRole('dialog', { name: `Line of ${fullName}` })
    // The status badge, and the history's last call.
    await line.getByText('Disabled', { exact: true }).first().waitFor()
    await line.getByRole('button', { name: 'Enable line' }).waitFor()
    await page.keyboard.press('Escape')
    await line.waitFor({ state: 'detached' })
  })

  it('fits a phone and passes axe, in the dark too', async () => {
    const context = await browser.newContext({
      baseURL: baseUrl,
      viewport: { width: 390, height: 844 },
      colorScheme: 'dark',
      bypassCSP: true,
    })
    const phone = await context.newPage()
    await loginAs(phone)
    await phone.getByLabel('Search contacts').fill(person.email)
    const card = phone.getByRole('listitem', { name: fullName })
    await card.getByText('Details and actions').click()
    await card.getByRole('button', { name: `Line of ${fullName}` }).click()
    const line = phone.getByRole('dialog', { name: `Line of ${fullName}` })
    await line.getByText('History on the panel').waitFor()
    await line.getByRole('status', { name: "Loading the line's history" }).waitFor({
      state: 'detached',
    })
    expect(await isWiderThanScreen(phone)).toBe(false)
    expect(await axeViolations(phone)).toEqual([])
    await phone.keyboard.press('Escape')

    // On a phone the sections are a menu: go by the section's address.
    await phone.goto(adminPaths.section('tools'))
    await phone.getByRole('button', { name: 'Sync now' }).waitFor()
    expect(await isWiderThanScreen(phone)).toBe(false)
    await context.close()
  })
})
