import type { Browser, Page } from 'playwright-core'
import { beforeAll, describe, expect, inject, it } from 'vitest'
import { convertToPaid, requestTrial } from './admin-api'
import { adminTabAxeViolations, openAdminTab } from './admin-tabs'
import { baseUrl, workerBrowser } from './fixtures'

const batch = [
  'http://panel.example.com:8080/get.php?username=jane&password=s3cret&type=m3u_plus&output=ts',
  'not a link',
  'tv.example.org/player_api.php?username=bob&password=pw-2',
  'https://panel.example.com/get.php?username=carol',
].join('\n')

async function parse(page: Page, text: string) {
  await page.getByLabel('M3U URLs, one per line').fill(text)
  await page.getByRole('button', { name: 'Parse', exact: true }).click()
}

const createLineForm = (page: Page) => page.getByRole('form', { name: 'Create M3U line' })

describe('Business Center: admin tools', () => {
  let browser: Browser
  beforeAll(async () => {
    browser = await workerBrowser()
  })

  it('parses a batch of M3U links and names each bad one', async () => {
    const { page, errors } = await openAdminTab(browser, 'Admin Tools')
    await parse(page, '  \n ')
    await page.getByText('Please enter at least one M3U URL').waitFor()

    await parse(page, batch)
    const table = page.getByRole('table', { name: '2 lines parsed' })
    await table.waitFor()
    expect(await table.getByRole('row').allInnerTexts()).toEqual([
      'Host\tUsername\tPassword',
      'http://panel.example.com:8080\tjane\ts3cret',
      'http://tv.example.org\tbob\tpw-2',
    ])
    await page.getByText('Invalid M3U URL format: not a link').waitFor()
    await page
      .getByText(
        'Could not extract username or password from URL: https://panel.example.com/get.php?username=carol',
      )
      .waitFor()

    await page
      .getByLabel('M3U line', { exact: true })
      .selectOption({ label: 'bob · http://tv.example.org' })
    await page.getByRole('button', { name: 'Generate instructions' }).click()
    const instructions = await page.getByLabel('Client instructions').inputValue()
    expect(instructions).toContain(
      'http://tv.example.org/get.php?username=bob&password=pw-2&type=m3u_plus&output=ts',
    )
    // No customer chosen: no plan, so no number of screens is claimed.
    expect(instructions).not.toMatch(/device per login|devices at a time/)
    expect(instructions).toContain('at least 10 Mbps')
    expect(errors).toEqual([])
  })

  it('turns a trial request and a parsed line into instructions, then marks it processed', async () => {
    const email = `tools.${Date.now()}@example.com`
    const signup = await fetch(`${baseUrl()}/api/trial-requests`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ firstName: 'Grace', lastName: 'Hopper', email, plan: 'Family' }),
    })
    expect(signup.ok).toBe(true)

    const { page } = await openAdminTab(browser, 'Admin Tools')
    await parse(page, batch)
    await page.getByRole('searchbox', { name: 'Search trial requests' }).fill(email)
    const choice = page.getByRole('radio', { name: new RegExp(email.replace(/\./g, '\\.')) })
    await choice.check()
    await page.getByRole('button', { name: 'Generate instructions' }).click()
    expect(await page.getByLabel('Client instructions').inputValue()).toMatch(/^Hello Grace,/)

    await page.getByRole('button', { name: 'Mark processed' }).click()
    await page.getByText('Trial request marked as processed').waitFor()
    await page.getByText(`For Grace Hopper (${email}): Trial, follow-up Processed.`).waitFor()
    expect(await page.getByRole('button', { name: 'Mark processed' }).isDisabled()).toBe(true)
  })

  it('shows a paying subscriber as Active on their plan, whatever the follow-up stage', async () => {
    const email = `paying.${Date.now()}@example.com`
    const receipt = await requestTrial({
      firstName: 'Ada',
      lastName: 'Paying',
      email,
      plan: 'Family',
    })
    await convertToPaid(receipt.id, {
      paidPlan: 'Starter',
      subscriptionMonths: 1,
      subscriptionPrice: '9.99',
    })

    const { page } = await openAdminTab(browser, 'Admin Tools')
    await page.getByRole('searchbox', { name: 'Search trial requests' }).fill(email)
    const choice = page.getByRole('radio', { name: new RegExp(email.replace(/\./g, '\\.')) })
    const row = page.locator('label').filter({ has: choice })
    await row.getByText('Active', { exact: true }).waitFor()
    expect(await row.getByText('Pending', { exact: true }).count()).toBe(0)
    await choice.check()
    await page
      .getByText(`For Ada Paying (${email}): Active on Starter, follow-up Pending.`)
      .waitFor()
  })

  it('creates an M3U line with the supplier key and lists it among the recent lines', async () => {
    const { page, errors } = await openAdminTab(browser, 'Admin Tools')
    const form = createLineForm(page)
    await form.getByRole('button', { name: 'Create Line' }).click()
    for (const message of [
      'Subscription type is required',
      'Package ID is required',
      'API key is required',
    ]) {
      await form.getByText(message).waitFor()
    }

    // Bouquet ids: unique, so that the line is found among the recent ones.
    const packageId = String(Date.now() % 1_000_000_000)
    await form.getByLabel('Subscription type').selectOption({ label: '3 Months' })
    await form.getByLabel('Package ID').fill(packageId)
    await form.getByLabel('Notes (optional)').fill('For the Hopper household')
    await form.getByLabel('API key').fill(inject('supplierApiKey'))
    await form.getByRole('button', { name: 'Create Line' }).click()
    await page.getByText('M3U line created successfully').waitFor()
    await page
      .getByText(/\/get\.php\?username=sl[a-z0-9]+&password=/)
      .first()
      .waitFor()
    expect(await form.getByLabel('API key').inputValue()).toBe('')

    const recent = page.getByRole('list', { name: 'Recent M3U lines' })
    const item = recent.getByRole('listitem').filter({ hasText: packageId })
    await item.waitFor()
    expect(await item.innerText()).toContain('3 Months')
    expect(await item.innerText()).toContain('For the Hopper household')
    await item.getByRole('button', { name: /^Copy URL/ }).waitFor()
    expect(await recent.getByRole('listitem').count()).toBeLessThanOrEqual(5)
    expect(errors).toEqual([])
  })

  it("shows the supplier's message when the API key is wrong", async () => {
    const { page } = await openAdminTab(browser, 'Admin Tools')
    const form = createLineForm(page)
    await form.getByLabel('Subscription type').selectOption({ label: 'Demo' })
    await form.getByLabel('Package ID').fill('7')
    await form.getByLabel('API key').fill('not-the-key')
    await form.getByRole('button', { name: 'Create Line' }).click()
    await page.getByText('Failed to create M3U line').waitFor()
    await form.getByRole('alert').getByText('Invalid API key').waitFor()
  })

  it('has no axe violations with parsed links and instructions on screen', async () => {
    const violations = await adminTabAxeViolations(browser, 'Admin Tools', async (page) => {
      await parse(page, batch)
      await page.getByRole('button', { name: 'Generate instructions' }).click()
      await page.getByLabel('Client instructions').waitFor()
      await page
        .getByRole('status', { name: 'Loading recent M3U lines' })
        .waitFor({ state: 'detached' })
    })
    expect(violations).toEqual([])
  })
})
