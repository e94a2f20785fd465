import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { adminPaths } from '../common/routes'
import { createAdminUser, requestTrial } from './admin-api'
import { launchBrowser, loginAs, openPage } from './fixtures'
import { openTicketOverApi } from './support'

/** A support agent of this file's own, made by the owner (a super admin) over the API. */
const agent = { username: `support.role.${Date.now()}`, password: 'heron-tidewater-5821-kelp' }

/** Every API answer of 403 the page receives: the Business Center must not ask for them. */
function refusedCalls(page: Page): string[] {
  const refused: string[] = []
  page.on('response', (response) => {
    if (response.status() === 403) {
      refused.push(`${response.request().method()} ${new URL(response.url()).pathname}`)
    }
  })
  return refused
}

describe('a support agent in the Business Center', () => {
  let browser: Browser
  beforeAll(async () => {
    browser = await launchBrowser()
    await createAdminUser({ ...agent, role: 'support' })
  })
  afterAll(() => browser?.close())

  it("opens a ticket's customer and sees only what their role may open, never a 403", async () => {
    const stamp = Date.now()
    const person = {
      firstName: 'Iris',
      lastName: `Support${stamp}`,
      email: `iris.${stamp}@example.com`,
      plan: 'Starter',
      telegram: '@iris_tv',
    }
    const { id: personId } = await requestTrial(person)
    const subject = `No sound on channel 4 ${stamp}`
    const ticketId = await openTicketOverApi({
      customerName: `${person.firstName} ${person.lastName}`,
      customerEmail: person.email,
      subject,
      description: 'The picture is fine but there is no sound.',
    })

    const { page, errors } = await openPage(browser, '/', { clientAddress: '203.0.113.35' })
    await page.setViewportSize({ width: 1440, height: 900 })
    const refused = refusedCalls(page)
    await loginAs(page, agent, adminPaths.ticket(ticketId))

    // The Support Center is their one section; the backup is not theirs to download.
    const tabs = page.getByRole('tablist', { name: 'Business Center sections' })
    await expect.poll(() => tabs.getByRole('tab').allTextContents()).toEqual(['Support Center'])
    expect(await page.getByRole('link', { name: 'Export Data' }).count()).toBe(0)

    // The chat, its assignee (themselves or nobody) and the customer beside it.
    await page.getByText(subject).first().waitFor()
    const assignee = page.getByLabel('Assignee')
    await expect
      .poll(() => assignee.locator('option').allTextContents())
      .toEqual(['Unassigned', `${agent.username} (you)`])
    await page.getByRole('link', { name: 'Open customer view' }).first().click()

    await page.waitForURL((url) => url.pathname === adminPaths.person(personId))
    const name = `${person.firstName} ${person.lastName}`
    await page.getByRole('heading', { name, level: 2 }).waitFor()
    for (const card of ['Subscription', 'Contact details', 'Notes', 'Line', 'Tickets']) {
      await page.getByRole('heading', { name: card, level: 2 }).first().waitFor()
    }
    await page.getByText('@iris_tv').waitFor()
    // A note is theirs to leave.
    await page.getByLabel('New note').fill('Asked to restart the box.')
    await page.getByRole('button', { name: 'Add note' }).click()
    await page.getByText('Asked to restart the box.').last().waitFor()

    for (const card of ['Actions', 'Payments', 'Customer page']) {
      expect(await page.getByRole('heading', { name: card, level: 2 }).count()).toBe(0)
    }
    expect(await page.getByRole('group', { name: 'Destructive actions' }).count()).toBe(0)
    for (const button of ['Erase person', 'Record payment', 'Create line']) {
      expect(await page.getByRole('button', { name: button }).count()).toBe(0)
    }
    for (const link of ['All contacts', 'Download data']) {
      expect(await page.getByRole('link', { name: link }).count()).toBe(0)
    }
    expect(await page.getByRole('combobox', { name: /follow-up stage/i }).count()).toBe(0)

    // The lists they may not open are, to them, no section at all.
    await page.goto(adminPaths.section('users'))
    await page.getByRole('heading', { name: 'Page not found' }).waitFor()
    await page.goto(adminPaths.section('payments'))
    await page.getByRole('heading', { name: 'Page not found' }).waitFor()

    expect(refused).toEqual([])
    expect(errors).toEqual([])
    await page.context().close()
  })
})
