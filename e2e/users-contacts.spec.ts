import { readFileSync } from 'node:fs'
import { parse } from 'csv-parse/sync'
import type { Browser, Locator, Page } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import { adminTabAxeViolations, openAdminTab } from './admin-tabs'
import { convertToPaid, requestTrial } from './admin-api'
import { axeViolations } from './axe'
import { baseUrl, workerBrowser, loginAs } from './fixtures'

// Names and e-mails unique to this run: the server is shared by every spec file.
const tag = `r${Date.now().toString(36)}`
const person = (firstName: string, plan: string) => ({
  firstName,
  lastName: `Tester ${tag}`,
  email: `${firstName.toLowerCase()}.${tag}@example.com`,
  plan,
  telegram: `@${firstName.toLowerCase()}_${tag}`,
})
const ada = person('Ada', 'Family Plus')
const alan = person('Alan', 'Starter')
const grace = person('Grace', 'Household')
const fullName = (p: { firstName: string }) => `${p.firstName} Tester ${tag}`

const row = (page: Page, p: { firstName: string }) =>
  page.getByRole('row').filter({ hasText: fullName(p) })
const dataRows = (page: Page) => page.getByRole('row').filter({ hasText: tag })

async function search(page: Page, text: string) {
  await page.getByLabel('Search contacts').fill(text)
}

/** "$1,234.56" → 123456 */
const centsOf = (text: string) => Math.round(Number(text.replace(/[$,]/g, '')) * 100)

function statValue(page: Page, label: string): Locator {
  return page
    .locator('dl > div')
    .filter({ has: page.getByText(label, { exact: true }) })
    .locator('dd')
    .first()
}

async function totalRevenueCents(page: Page): Promise<number> {
  await page.getByRole('tab', { name: 'Financials' }).click()
  const value = statValue(page, 'Total Revenue')
  await value.getByText('$').waitFor()
  return centsOf(await value.innerText())
}

async function waitForTotalRevenue(page: Page, expectedCents: number) {
  await page.getByRole('tab', { name: 'Financials' }).click()
  const value = statValue(page, 'Total Revenue')
  await expect
    .poll(async () => centsOf(await value.innerText()), { timeout: 5_000 })
    .toBe(expectedCents)
}

describe('Business Center: users and contacts', () => {
  let browser: Browser
  let graceSubscriptionId: string
  beforeAll(async () => {
    browser = await workerBrowser()
    await requestTrial(ada)
    const alanReceipt = await requestTrial(alan)
    graceSubscriptionId = (await requestTrial(grace)).subscriptionId
    await convertToPaid(alanReceipt.id, {
      paidPlan: 'Starter',
      subscriptionMonths: 1,
      subscriptionPrice: '9.99',
    })
  })

  it('searches and filters on the server, and shows a new request at once', async () => {
    const { page, errors } = await openAdminTab(browser, 'Users & Contacts')
    await search(page, tag)
    await expect.poll(() => dataRows(page).count(), { timeout: 5_000 }).toBe(3)

    const status = page.getByLabel('Filter by status')
    await status.selectOption('active')
    await expect.poll(() => dataRows(page).count(), { timeout: 5_000 }).toBe(1)
    await row(page, alan).getByText('$9.99').waitFor()
    await status.selectOption('trial')
    await expect.poll(() => dataRows(page).count(), { timeout: 5_000 }).toBe(2)
    await status.selectOption('all')

    await search(page, graceSubscriptionId)
    await expect.poll(() => dataRows(page).count(), { timeout: 5_000 }).toBe(1)
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'])
    await row(page, grace)
      .getByRole('button', { name: `Copy subscription ID ${graceSubscriptionId}` })
      .click()
    await page.getByText('Copied!').waitFor()
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(graceSubscriptionId)
    await search(page, `nobody-${tag}`)
    await page.getByText('No matching contacts').waitFor()

    // The socket's trial_signup notification refreshes the list well before the 5 s poll.
    await search(page, tag)
    await expect.poll(() => dataRows(page).count(), { timeout: 5_000 }).toBe(3)
    const katherine = person('Katherine', 'Starter')
    await requestTrial(katherine)
    await row(page, katherine).waitFor({ timeout: 2_500 })

    await row(page, katherine)
      .getByRole('button', { name: `Delete request of ${fullName(katherine)}` })
      .click()
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete request' }).click()
    await row(page, katherine).waitFor({ state: 'detached' })
    expect(errors).toEqual([])
  })

  it('changes the trial plan and edits notes in place; both survive a reload', async () => {
    const { page, errors } = await openAdminTab(browser, 'Users & Contacts')
    await search(page, tag)
    await row(page, ada)
      .getByLabel(`Trial plan of ${fullName(ada)}`)
      .selectOption('Household Plus')
    // The toast sits over the last rows, and a pointer resting on it keeps it open.
    const updated = page.getByText('Trial request updated successfully')
    await updated.waitFor()
    await updated.waitFor({ state: 'hidden' })

    const notesLabel = `Admin notes for ${fullName(ada)}`
    await row(page, ada)
      .getByRole('button', { name: new RegExp(notesLabel) })
      .click()
    await page.getByRole('textbox', { name: notesLabel }).fill('Discarded text')
    await page.keyboard.press('Escape')
    await row(page, ada)
      .getByRole('button', { name: `${notesLabel}: Add a note` })
      .waitFor()

    await row(page, ada)
      .getByRole('button', { name: new RegExp(notesLabel) })
      .click()
    await page.getByRole('textbox', { name: notesLabel }).fill('=Call back on Monday')
    await page.keyboard.press('Enter')
    await page.getByText('Trial request updated successfully').waitFor()

    await page.reload()
    await page.getByRole('tab', { name: 'Users & Contacts' }).waitFor()
    await search(page, tag)
    await row(page, ada).getByText('=Call back on Monday').waitFor()
    expect(
      await row(page, ada)
        .getByLabel(`Trial plan of ${fullName(ada)}`)
        .inputValue(),
    ).toBe('Household Plus')
    expect(errors).toEqual([])
  })

  it('converts a trial to paid (validation first) and takes it back, with Financials following', async () => {
    const { page, errors } = await openAdminTab(browser, 'Users & Contacts')
    const before = await totalRevenueCents(page)

    await page.getByRole('tab', { name: 'Users & Contacts' }).click()
    await search(page, tag)
    await row(page, grace)
      .getByRole('button', { name: `Convert ${fullName(grace)} to paid` })
      .click()
    const dialog = page.getByRole('dialog', { name: 'Convert to paid subscription' })
    await dialog.getByLabel('Paid plan').selectOption('Household Plus')
    expect(await dialog.getByLabel('Duration (months)').inputValue()).toBe('3')
    expect(await dialog.getByLabel('Price').inputValue()).toBe('53.99')

    await dialog.getByLabel('Duration (months)').fill('13')
    await dialog.getByLabel('Price').fill('0')
    await dialog.getByRole('button', { name: 'Convert' }).click()
    await dialog.getByText('Invalid subscription duration. Please enter 1-12 months.').waitFor()
    await dialog.getByText('Invalid price. Please enter a valid amount.').waitFor()

    await dialog.getByLabel('Duration (months)').fill('3')
    await dialog.getByLabel('Price').fill('53.99')
    await dialog.getByRole('button', { name: 'Convert' }).click()
    await page.getByText('Trial successfully converted to paid subscription!').waitFor()
    await dialog.waitFor({ state: 'detached' })
    await row(page, grace).getByText('$53.99').waitFor()
    expect(await row(page, grace).innerText()).toContain('Active')

    await waitForTotalRevenue(page, before + 5399)

    await page.getByRole('tab', { name: 'Users & Contacts' }).click()
    await row(page, grace)
      .getByRole('button', { name: `Delete subscription of ${fullName(grace)}` })
      .click()
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete subscription' }).click()
    await page.getByText('Subscription deleted and reverted to trial status').waitFor()
    await row(page, grace).getByText('Trial', { exact: true }).waitFor()

    await waitForTotalRevenue(page, before)
    expect(errors).toEqual([])
  })

  // Reads the notes the test before wrote.
  it('exports the filtered contacts as CSV, formulas neutralised', async () => {
    const { page } = await openAdminTab(browser, 'Users & Contacts')
    await search(page, tag)
    // The header and the three: the search has applied (other specs' contacts are gone).
    await expect.poll(() => page.getByRole('row').count(), { timeout: 5_000 }).toBe(4)
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Export CSV' }).click(),
    ])
    expect(download.suggestedFilename()).toMatch(/^contacts-\d{4}-\d{2}-\d{2}\.csv$/)
    const records = parse(readFileSync(await download.path()), { bom: true }) as string[][]
    const [header, ...rows] = records
    expect(header?.slice(0, 4)).toEqual(['Subscription ID', 'First name', 'Last name', 'Email'])
    expect(rows.map((cells) => cells[3]).sort()).toEqual([ada.email, alan.email, grace.email])
    const adaRow = rows.find((cells) => cells[3] === ada.email)!
    expect(adaRow[header!.indexOf('Notes')]).toBe("'=Call back on Monday")
    expect(adaRow[header!.indexOf('Telegram')]).toBe(`'${ada.telegram}`)
  })

  it('shows each contact as a compact row on a phone, its details a tap away, notes editable in place', async () => {
    const context = await browser.newContext({
      baseURL: baseUrl(),
      viewport: { width: 390, height: 844 },
      bypassCSP: true,
    })
    const page = await context.newPage()
    await loginAs(page)
    const cards = page.getByRole('list', { name: 'Trial requests and subscribers' })
    await cards.waitFor()
    await search(page, tag)
    const graceCard = cards.getByRole('listitem', { name: fullName(grace) })
    // A compact row: the details and actions open with a tap.
    const copyId = graceCard.getByRole('button', {
      name: `Copy subscription ID ${graceSubscriptionId}`,
    })
    await graceCard.getByText('Details and actions').waitFor()
    expect(await copyId.isVisible()).toBe(false)
    await graceCard.getByText('Details and actions').click()
    await copyId.waitFor()
    expect(await page.getByRole('table', { name: 'Trial requests and subscribers' }).count()).toBe(
      0,
    )
    expect(await cards.getByRole('listitem').filter({ hasText: tag }).count()).toBe(3)

    const notesLabel = `Admin notes for ${fullName(grace)}`
    await graceCard.getByRole('button', { name: new RegExp(notesLabel) }).click()
    await page.getByRole('textbox', { name: notesLabel }).fill('Prefers WhatsApp')
    await page.keyboard.press('Enter')
    await graceCard.getByText('Prefers WhatsApp').waitFor()
    // Sonner's light success toast falls short on contrast: scan once it has gone.
    const updated = page.getByText('Trial request updated successfully')
    await updated.waitFor()
    await updated.waitFor({ state: 'hidden' })
    expect(await axeViolations(page)).toEqual([])
    await context.close()
  })

  it('has no axe violations on Users & Contacts', async () => {
    const violations = await adminTabAxeViolations(browser, 'Users & Contacts', (page) =>
      page.getByRole('table', { name: 'Trial requests and subscribers' }).waitFor(),
    )
    expect(violations).toEqual([])
  })

  it('has no axe violations on Financials', async () => {
    const violations = await adminTabAxeViolations(browser, 'Financials', (page) =>
      page.getByRole('table', { name: 'Monthly revenue' }).waitFor(),
    )
    expect(violations).toEqual([])
  })
})
