import type { Browser, Page } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import { adminPaths } from '../common/routes'
import { requestTrial } from './admin-api'
import { workerBrowser, loginAs, openPage } from './fixtures'
import { owner } from './owner'
import { chatLog, messageBox, openTicketOverApi } from './support'

const selectedTab = (page: Page) =>
  page
    .getByRole('tablist', { name: 'Business Center sections' })
    .getByRole('tab', { selected: true })
const pathOf = (page: Page) => new URL(page.url()).pathname

describe('Business Center addresses', () => {
  let browser: Browser
  beforeAll(async () => {
    browser = await workerBrowser()
  })

  it('opens a chat from its address and replies; reload, back and forward keep the place', async () => {
    const subject = `Freezing picture ${Date.now()}`
    const ticketId = await openTicketOverApi({
      customerName: 'Lina Check',
      customerEmail: 'lina.check@example.com',
      subject,
      description: 'The picture freezes every evening.',
    })
    const { page, errors } = await openPage(browser)
    await loginAs(page, owner, adminPaths.ticket(ticketId))

    expect(await selectedTab(page).textContent()).toContain('Support Center')
    await page.getByText(subject).first().waitFor()
    await messageBox(page).fill('Hello Lina, which TV app do you use?')
    await messageBox(page).press('Enter')
    await chatLog(page).getByText('which TV app').waitFor()

    await page.reload()
    await chatLog(page).getByText('which TV app').waitFor()
    expect(pathOf(page)).toBe(adminPaths.ticket(ticketId))

    await page.getByRole('tab', { name: 'Plans Management' }).click()
    await page.waitForURL((url) => url.pathname === adminPaths.section('plans'))
    await page.goBack()
    await chatLog(page).getByText('which TV app').waitFor()
    expect(pathOf(page)).toBe(adminPaths.ticket(ticketId))
    await page.goForward()
    await page.waitForURL((url) => url.pathname === adminPaths.section('plans'))
    expect(await selectedTab(page).textContent()).toContain('Plans Management')

    await page.goBack()
    await page.getByRole('button', { name: 'Close chat' }).click()
    await page.waitForURL((url) => url.pathname === adminPaths.section('support'))
    await page.getByText('Select a chat to read it and reply.').waitFor()
    expect(errors).toEqual([])
  })

  it('sends /admin on to Users & Contacts and says so inside it when an address is unknown', async () => {
    const { page, errors } = await openPage(browser)
    await loginAs(page)
    await page.waitForURL((url) => url.pathname === adminPaths.section('users'))
    await page.goto('/admin/no-such-section')
    await page.getByRole('heading', { name: 'Page not found' }).waitFor()
    await page.getByRole('heading', { name: 'Business Center' }).waitFor()
    await page.getByRole('link', { name: 'Go to Users & Contacts' }).click()
    await page.waitForURL((url) => url.pathname === adminPaths.section('users'))
    expect(errors).toEqual([])
  })

  it('opens a customer view from its notification: stage, note and timeline', async () => {
    const stamp = Date.now()
    const person = {
      firstName: 'Nora',
      lastName: `Viewer${stamp}`,
      email: `nora.${stamp}@example.com`,
      plan: 'Starter',
      telegram: '@nora_tv',
    }
    const { page, errors } = await openPage(browser)
    await loginAs(page)
    const { id } = await requestTrial(person)

    await page.getByRole('button', { name: /^Notifications, \d+ unread/ }).click()
    await page.getByRole('link', { name: /New trial request/, description: /Nora Viewer/ }).click()
    await page.waitForURL((url) => url.pathname === adminPaths.person(id))
    const name = `${person.firstName} ${person.lastName}`
    await page.getByRole('heading', { name, level: 2 }).waitFor()
    await page.getByText('Trial ends').waitFor()
    await page.getByText('@nora_tv').waitFor()
    await page.getByRole('button', { name: 'Convert to paid' }).waitFor()
    const danger = page.getByRole('group', { name: 'Destructive actions' })
    await danger.getByRole('button', { name: 'Delete request' }).waitFor()

    await page.getByLabel(`Follow-up stage of ${name}`).selectOption('Contacted')
    await page.getByText('Trial request updated successfully').first().waitFor()
    const timeline = page.getByRole('list').filter({ hasText: 'changed the follow-up stage' })
    await timeline.first().waitFor()

    await page.getByLabel('New note').fill('Prefers evening calls')
    await page.getByRole('button', { name: 'Add note' }).click()
    await page
      .getByRole('list', { name: `Notes on ${name}` })
      .getByText('Prefers evening calls')
      .waitFor()
    await page.getByText(`${owner.username} added a note on ${name}`).waitFor()

    await page.reload()
    await page.getByRole('heading', { name, level: 2 }).waitFor()
    expect(await page.getByLabel(`Follow-up stage of ${name}`).inputValue()).toBe('Contacted')

    await page.getByRole('link', { name: 'All contacts' }).click()
    await page.getByLabel('Filter by follow-up stage').selectOption('Contacted')
    await page.getByLabel('Search contacts').fill(person.lastName)
    await page.getByRole('link', { name, exact: true }).click()
    await page.waitForURL((url) => url.pathname === adminPaths.person(id))
    expect(errors).toEqual([])
  })

  it('marks the selected contacts contacted in one go', async () => {
    const stamp = Date.now()
    const people = ['Ona', 'Ola'].map((firstName) => ({
      firstName,
      lastName: `Bulk${stamp}`,
      email: `${firstName.toLowerCase()}.${stamp}@example.com`,
      plan: 'Family',
    }))
    for (const person of people) await requestTrial(person)
    const { page, errors } = await openPage(browser)
    await loginAs(page)
    await page.getByLabel('Search contacts').fill(`Bulk${stamp}`)
    // Ticked rows belong to the list shown: wait for the search's own list (a header and two).
    await expect.poll(() => page.getByRole('row').count()).toBe(3)
    for (const person of people) {
      await page.getByLabel(`Select ${person.firstName} Bulk${stamp}`).check()
    }
    await page.getByText('2 selected').waitFor()
    await page.getByRole('button', { name: 'Mark contacted' }).click()
    await page.getByText('2 requests updated.').waitFor()
    await page.getByLabel('Filter by follow-up stage').selectOption('Contacted')
    await expect
      .poll(() =>
        page
          .getByRole('row')
          .filter({ hasText: `Bulk${stamp}` })
          .count(),
      )
      .toBe(2)
    expect(errors).toEqual([])
  })
})
