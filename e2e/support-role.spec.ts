import type { Browser, Page } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import { adminPaths } from '../common/routes'
import { convertToPaid, createAdminUser, requestTrial } from './admin-api'
import { workerBrowser, loginAs, openPage } from './fixtures'
import { openTicketOverApi } from './support'

/** A support agent of this file's own: the least-trusted staff role. */
const agent = { username: `support.role.${Date.now()}`, password: 'quiet-harbour-5820-fern' }

/** Every answer the page got that said 403: each is a card or button the role should not see. */
function refusedRequests(page: Page): string[] {
  const refused: string[] = []
  page.on('response', (response) => {
    if (response.status() === 403) {
      refused.push(`${response.request().method()} ${new URL(response.url()).pathname}`)
    }
  })
  return refused
}

/** What support may not do to a person; an admin sees each of these on the same page. */
const adminOnly = [
  /^Convert to paid$/,
  /^Extend subscription$/,
  /^Delete (request|subscription)$/,
  /^Record payment$/,
  /^Pay link$/,
  /^Send sign-in link$/,
  /^Sign out everywhere$/,
  /^Create line$/,
  /^Download data$/,
  /^Erase person$/,
  /^Export Data$/,
  /^All contacts$/,
]

describe('a support agent in the Business Center', () => {
  let browser: Browser
  beforeAll(async () => {
    browser = await workerBrowser()
    await createAdminUser({ ...agent, role: 'support' })
  })

  it('opens a customer from their chat and is shown only what support may use', async () => {
    const stamp = Date.now()
    const person = {
      firstName: 'Sami',
      lastName: `Helped${stamp}`,
      email: `sami.${stamp}@example.com`,
      plan: 'Family',
    }
    const name = `${person.firstName} ${person.lastName}`
    const { id } = await requestTrial(person)
    await convertToPaid(id, {
      paidPlan: 'Starter',
      subscriptionMonths: 1,
      subscriptionPrice: '9.99',
    })
    const ticketId = await openTicketOverApi({
      customerName: name,
      customerEmail: person.email,
      subject: `No picture ${stamp}`,
      description: 'The channels stay black since this morning.',
    })

    const { page, errors } = await openPage(browser)
    // Wide enough for the chat's customer column beside the conversation.
    await page.setViewportSize({ width: 1440, height: 900 })
    const refused = refusedRequests(page)
    await loginAs(page, agent, adminPaths.ticket(ticketId))

    const tabs = page.getByRole('tablist', { name: 'Business Center sections' }).getByRole('tab')
    expect((await tabs.allTextContents()).map((label) => label.trim())).toEqual(['Support Center'])
    // The assignee choice offers the agent (the staff list is not theirs to read).
    await page.getByLabel('Assignee').getByRole('option', { name: `${agent.username} (you)` })
    await page.getByRole('link', { name: 'Open customer view' }).click()
    await page.waitForURL((url) => url.pathname === adminPaths.person(id))

    await page.getByRole('heading', { name, level: 2 }).waitFor()
    // What support is for: reaching the person, their line and messages, notes.
    await page.getByRole('link', { name: 'Email' }).waitFor()
    await page.getByRole('heading', { name: 'Line', exact: true }).waitFor()
    // The server holds no supplier key here: no line was made, and making one is an admin's.
    await page.getByText('An admin creates it on the supplier panel.').waitFor()
    await page.getByLabel('New note').fill('Asked to restart the box')
    await page.getByRole('button', { name: 'Add note' }).click()
    await page
      .getByRole('list', { name: `Notes on ${name}` })
      .getByText('Asked to restart the box')
      .waitFor()

    for (const label of adminOnly) {
      expect(await page.getByRole('button', { name: label }).count(), String(label)).toBe(0)
      expect(await page.getByRole('link', { name: label }).count(), String(label)).toBe(0)
    }
    for (const title of ['Payments', 'Customer page']) {
      expect(await page.getByRole('heading', { name: title, exact: true }).count(), title).toBe(0)
    }
    expect(await page.getByLabel(`Follow-up stage of ${name}`).count()).toBe(0)
    expect(await page.getByRole('group', { name: 'Destructive actions' }).count()).toBe(0)

    expect(refused).toEqual([])
    expect(errors).toEqual([])
  })

  it('finds nothing at the address of a section that is not theirs', async () => {
    const { page, errors } = await openPage(browser)
    const refused = refusedRequests(page)
    await loginAs(page, agent, adminPaths.section('payments'))
    await page.getByRole('heading', { name: 'Page not found' }).waitFor()
    await page.goto(adminPaths.section('users'))
    await page.getByRole('heading', { name: 'Page not found' }).waitFor()
    await page.getByRole('link', { name: 'Go to Support Center' }).click()
    await page.waitForURL((url) => url.pathname === adminPaths.section('support'))
    expect(refused).toEqual([])
    expect(errors).toEqual([])
  })
})
