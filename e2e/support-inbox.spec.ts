import type { Browser, Page } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import { adminPaths, supportTicketPath } from '../common/routes'
import { createAdminUser } from './admin-api'
import { axeViolations } from './axe'
import { baseUrl, workerBrowser, loginAs } from './fixtures'
import { chatLog, messageBox, openTicketOverApi } from './support'

const screens = [
  { name: 'desktop', viewport: { width: 1440, height: 900 }, theme: 'light' },
  { name: 'phone', viewport: { width: 390, height: 844 }, theme: 'dark' },
] as const

/** A support agent of their own, so their display name changes nobody else's replies. */
const agent = { username: `inbox.agent.${Date.now()}`, password: 'juniper-lantern-4410-moss' }
const agentName = 'Ada from Support'

/** Waits for every toast to leave (their colours are the Toaster's, checked elsewhere). */
async function toastsGone(page: Page): Promise<void> {
  await page.waitForFunction(() => document.querySelectorAll('[data-sonner-toast]').length === 0)
}

describe('the support inbox', () => {
  let browser: Browser
  beforeAll(async () => {
    browser = await workerBrowser()
    await createAdminUser({ ...agent, role: 'admin' })
  })

  it('manages saved replies and the display name in Support settings', async () => {
    const context = await browser.newContext({ baseURL: baseUrl(), bypassCSP: true })
    const page = await context.newPage()
    await loginAs(page, agent, adminPaths.section('support'))
    await page.getByRole('button', { name: 'Support settings' }).click()
    const dialog = page.getByRole('dialog', { name: 'Support settings' })

    await dialog.getByLabel('Your display name').fill(agentName)
    await dialog.getByRole('button', { name: 'Save name' }).click()
    await page.getByText('Display name saved').waitFor()

    await dialog.getByRole('button', { name: 'Add saved reply' }).click()
    await dialog.getByRole('button', { name: 'Add reply' }).click()
    await dialog.getByText('Title is required').waitFor()
    await dialog.getByText('Reply text is required').waitFor()
    await dialog.getByLabel('Title').fill('Guide is empty')
    await dialog
      .getByLabel('Reply text')
      .fill('Hi {firstName}, please refresh the guide in Settings. {agentName}')
    await dialog.getByRole('button', { name: 'Add reply' }).click()
    await page.getByText('Saved reply added').waitFor()

    // Edit, then delete a second one only after confirming.
    await dialog.getByRole('button', { name: 'Add saved reply' }).click()
    await dialog.getByLabel('Title').fill('Temporary')
    await dialog.getByLabel('Reply text').fill('To be removed')
    await dialog.getByRole('button', { name: 'Add reply' }).click()
    await dialog.getByRole('button', { name: 'Edit Temporary' }).click()
    await dialog.getByLabel('Title').fill('Temporary, edited')
    await dialog.getByRole('button', { name: 'Save changes' }).click()
    await page.getByText('Saved reply updated').waitFor()
    await dialog.getByRole('button', { name: 'Delete Temporary, edited' }).click()
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click()
    await page.getByText('Saved reply deleted').waitFor()
    await dialog.getByRole('button', { name: 'Delete Temporary, edited' }).waitFor({
      state: 'detached',
    })

    await toastsGone(page)
    expect(await axeViolations(page)).toEqual([])
    await context.close()
  })

  for (const screen of screens) {
    it(`answers a chat opened by its address on a ${screen.name}: a saved reply with /, a private note, typing both ways`, async () => {
      const customerName = `Nora Inbox ${screen.name}`
      const ticketId = await openTicketOverApi({
        customerName,
        customerEmail: `inbox-${Date.now()}@example.com`,
        subject: `Empty TV guide ${Date.now()}`,
        description: 'The guide shows no programmes after 10 pm.',
        priority: 'high',
      })
      const options = {
        baseURL: baseUrl(),
        viewport: screen.viewport,
        colorScheme: screen.theme,
        bypassCSP: true,
      }
      const customer = await (await browser.newContext(options)).newPage()
      await customer.goto(supportTicketPath(ticketId))
      await customer.getByText('Connected', { exact: true }).waitFor()

      const admin = await (await browser.newContext(options)).newPage()
      await loginAs(admin, agent, adminPaths.ticket(ticketId))
      // The chat's heading (the customer panel beside it names them too).
      await admin.getByRole('heading', { name: customerName }).first().waitFor()
      await admin.getByText('Connected', { exact: true }).waitFor()
      const widths = await admin.evaluate(() => [
        document.documentElement.scrollWidth,
        window.innerWidth,
      ])
      expect(widths[0]).toBeLessThanOrEqual(widths[1]!)

      // Typing shows on the other side, both ways. Typed over a few seconds, as a person types:
      // a frame goes every 2 s, so one sent while a socket still identifies is not the only one.
      await messageBox(customer).pressSequentially('Still empty after the update', { delay: 150 })
      await admin.getByText(`${customerName} is typing…`).waitFor()
      await messageBox(customer).fill('')
      await messageBox(admin).pressSequentially('Let me check the guide', { delay: 150 })
      await customer.getByText('Support Agent is typing…').waitFor()

      // '/' opens the saved replies; typing filters, arrows and Enter insert it, filled in.
      await messageBox(admin).fill('/guide')
      const picker = admin.getByRole('listbox', { name: 'Saved replies' })
      await picker.getByRole('option', { name: /Guide is empty/ }).waitFor()
      await messageBox(admin).press('Escape')
      await picker.waitFor({ state: 'detached' })
      await messageBox(admin).fill('')
      await messageBox(admin).fill('/gui')
      await picker.waitFor()
      await messageBox(admin).press('ArrowDown')
      await messageBox(admin).press('Enter')
      const filled = `Hi Nora, please refresh the guide in Settings. ${agentName}`
      expect(await messageBox(admin).inputValue()).toBe(filled)
      await messageBox(admin).press('Enter')
      const reply = chatLog(customer).getByRole('listitem').filter({ hasText: filled })
      await reply.waitFor()
      expect(await reply.textContent()).toContain(agentName)

      // A private note shows to admins, marked, and never on the customer's page.
      const note = `Checked the EPG source ${screen.name} ${Date.now()}`
      await admin.getByRole('button', { name: 'Private note' }).click()
      await admin.getByText('Only staff see this').first().waitFor()
      await admin.getByRole('textbox', { name: 'Private note' }).fill(note)
      await admin.getByRole('textbox', { name: 'Private note' }).press('Enter')
      const shownNote = chatLog(admin).getByRole('listitem').filter({ hasText: note })
      await shownNote.waitFor()
      expect(await shownNote.textContent()).toContain('Private note')
      await admin.getByRole('button', { name: 'Reply', exact: true }).click()
      await messageBox(admin).fill('One more thing: restart the box.')
      await messageBox(admin).press('Enter')
      // The reply written after the note has arrived: the note would have come before it.
      await chatLog(customer).getByText('One more thing: restart the box.').waitFor()
      expect(await customer.getByText(note).count()).toBe(0)
      await customer.reload()
      await chatLog(customer).getByText('One more thing: restart the box.').waitFor()
      expect(await customer.getByText(note).count()).toBe(0)

      await toastsGone(admin)
      expect(await axeViolations(admin)).toEqual([])
      await admin.context().close()
      await customer.context().close()
    })
  }
})
