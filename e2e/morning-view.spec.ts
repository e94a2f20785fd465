import type { Browser, Page } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import { adminPaths } from '../common/routes'
import { axeViolations } from './axe'
import { baseUrl, workerBrowser, loginAs } from './fixtures'
import { owner } from './owner'
import { chatLog, openTicketOverApi } from './support'

// Unique to this run: the server is shared by every spec file.
const tag = `m${Date.now().toString(36)}`
const screens = [
  { name: 'phone', viewport: { width: 390, height: 844 } },
  { name: 'desktop', viewport: { width: 1440, height: 900 } },
] as const

/** Problems a reader would meet: sideways scroll, and axe's findings. */
async function problemsOn(page: Page): Promise<string[]> {
  const { width, screen } = await page.evaluate(() => ({
    width: document.documentElement.scrollWidth,
    screen: window.innerWidth,
  }))
  const found = width > screen ? [`${width} px wide on a ${screen} px screen`] : []
  return [...found, ...(await axeViolations(page))]
}

/**
 * The owner's morning and the visitor's first minute, on a phone and a desktop: a trial request
 * says what happens next; Users & Contacts says when it ends and opens lists from its cards; a new
 * ticket's description is its first message, unread, in both chats.
 */
describe('the morning view', () => {
  let browser: Browser
  beforeAll(async () => {
    browser = await workerBrowser()
  })

  for (const { name, viewport } of screens) {
    const pageAt = async (path: string, signedIn = false) => {
      const context = await browser.newContext({ baseURL: baseUrl(), viewport, bypassCSP: true })
      const page = await context.newPage()
      if (signedIn) await loginAs(page, owner, path)
      else await page.goto(path)
      return page
    }

    it(`on a ${name}: a visitor not sure of a plan is told what happens and that the trial starts with the login`, async () => {
      const page = await pageAt('/plans')
      await page.getByRole('main').getByRole('button', { name: /trial/i }).first().click()
      const dialog = page.getByRole('dialog')
      await dialog.getByLabel('First Name').fill('Uma')
      await dialog.getByLabel('Last Name').fill(`Undecided ${tag}`)
      await dialog.getByLabel('Email').fill(`uma.${name}.${tag}@example.com`)
      await dialog.getByLabel('Plan').selectOption('Not sure yet')
      await dialog.getByRole('button', { name: 'Request Free Trial' }).click()
      const done = page.getByRole('dialog', { name: 'Trial Request Submitted!' })
      // The shared server runs with the autopilot off: we will be in touch.
      await done.getByText(/We'll be in touch shortly/).waitFor()
      await done.getByText(/Your 24-hour trial starts when your login arrives\./).waitFor()
      expect(await problemsOn(page)).toEqual([])
      await page.context().close()
    })

    it(`on a ${name}: trials show their end, and the cards and Ends soon open their lists`, async () => {
      const page = await pageAt(adminPaths.section('users'), true)
      const search = page.getByLabel('Search contacts')
      await search.fill(`${name}.${tag}`)
      const ada = page.getByText(`Uma Undecided ${tag}`).first()
      await ada.waitFor()
      await page
        .getByText(/Trial ends/)
        .first()
        .waitFor()
      await page.getByText('No line yet').first().waitFor()

      await page.getByLabel('Ends soon').selectOption({ label: 'Ends within a day' })
      await ada.waitFor()
      await page.getByLabel('Ends soon').selectOption({ label: 'Any end date' })

      const trialCard = page.getByRole('button', { name: 'Show Trial Users' })
      await trialCard.click()
      await expect.poll(() => trialCard.getAttribute('aria-pressed')).toBe('true')
      expect(await page.getByLabel('Filter by status').inputValue()).toBe('trial')
      await page.getByRole('button', { name: 'Show Waiting for an admin' }).click()
      expect(await page.getByLabel('Filter by line').inputValue()).toBe('waiting')
      await page.getByRole('button', { name: 'Show Total Users' }).click()
      expect(await page.getByLabel('Filter by line').inputValue()).toBe('')
      expect(await problemsOn(page)).toEqual([])
      await page.context().close()
    })

    it(`on a ${name}: a new ticket is unread in the lobby and its description opens both chats`, async () => {
      const subject = `Guide frozen ${name} ${tag}`
      const description = `The guide froze at 9 pm (${name})`
      const ticketId = await openTicketOverApi({
        customerName: 'Noor',
        customerEmail: `noor.${name}.${tag}@example.com`,
        subject,
        description,
        priority: 'medium',
      })
      const admin = await pageAt(adminPaths.section('support'), true)
      const entry = admin
        .getByRole('list', { name: 'Active chats' })
        .getByRole('button', { name: new RegExp(subject) })
      await entry.getByText('1 unread').waitFor()
      await entry.getByText(description).waitFor()
      expect(await problemsOn(admin)).toEqual([])
      await entry.click()
      await chatLog(admin).getByText(description).waitFor()
      await admin.context().close()

      const customer = await pageAt(`/support?ticket=${ticketId}`)
      await chatLog(customer).getByText(description).waitFor()
      expect(await problemsOn(customer)).toEqual([])
      await customer.context().close()
    })
  }
})
