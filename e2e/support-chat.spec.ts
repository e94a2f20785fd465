import type { Browser, Page } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import { supportTicketPath } from '../common/routes'
import { baseUrl, workerBrowser, loginAs, openPage } from './fixtures'
import { chatLog, messageBox, openTicketOverApi } from './support'

/** Fills and sends the support ticket form; returns the new ticket's id. */
async function createTicket(page: Page, subject: string): Promise<string> {
  await page.getByLabel('Full Name').fill('Dana Visitor')
  await page.getByLabel('Email Address').fill('dana@example.com')
  await page.getByLabel('Subject').fill(subject)
  await page.getByLabel('Priority').selectOption('urgent')
  await page.getByLabel('Description').fill('The stream stops every few minutes.')
  await page.getByRole('button', { name: 'Create Ticket' }).click()
  await page.getByText('Support Ticket Created').waitFor()
  return (await page.getByTestId('ticket-id').textContent()) ?? ''
}

describe('live support chat', () => {
  let browser: Browser
  beforeAll(async () => {
    browser = await workerBrowser()
  })

  it('lets a visitor and an admin chat live, and the bell counts and clears the reply', async () => {
    const subject = `Buffering on my TV ${Date.now()}`
    const visitor = await openPage(browser, '/support')
    const page = visitor.page

    await page.getByRole('button', { name: 'Create Ticket' }).click()
    await page.getByText('Full name is required').waitFor()
    const ticketId = await createTicket(page, subject)
    expect(ticketId).toMatch(/^[0-9a-f-]{36}$/)
    await page.getByText('Connected', { exact: true }).waitFor()
    expect(await page.locator('.h-96[role="log"]').count()).toBe(1)
    expect(
      await page.getByRole('button', { name: /^Notifications/ }).getAttribute('aria-label'),
    ).toBe('Notifications')

    // Blank text is never sent; Shift+Enter makes a new line and Enter sends.
    await messageBox(page).fill('   ')
    await messageBox(page).press('Enter')
    expect(await page.getByRole('button', { name: 'Send message' }).isDisabled()).toBe(true)
    await messageBox(page).fill('Hello, my stream keeps buffering')
    await messageBox(page).press('Shift+Enter')
    await messageBox(page).pressSequentially('on every channel')
    await messageBox(page).press('Enter')
    await chatLog(page).getByText('on every channel').waitFor()
    expect(await messageBox(page).inputValue()).toBe('')
    // The ticket's description opens the chat as the customer's first message.
    expect(await chatLog(page).getByRole('listitem').count()).toBe(2)

    const admin = await openPage(browser)
    await loginAs(admin.page)
    await admin.page.getByRole('tab', { name: 'Support Center' }).click()
    await admin.page.getByRole('heading', { name: 'Live Chat Lobby' }).waitFor()
    await admin.page.getByText('Connected', { exact: true }).waitFor()
    const row = admin.page
      .getByRole('list', { name: 'Active chats' })
      .getByRole('button', { name: new RegExp(subject) })
    // The description and the message: nobody has opened the ticket yet.
    expect(await row.getByTestId('lobby-unread').textContent()).toContain('2')
    expect(await row.textContent()).toContain('Urgent')

    await row.click()
    await chatLog(admin.page).getByText('on every channel').waitFor()
    await row.getByTestId('lobby-unread').waitFor({ state: 'detached' })

    await messageBox(admin.page).fill('Hi Dana, please restart your TV app.')
    await messageBox(admin.page).press('Enter')
    const reply = chatLog(page).getByRole('listitem').filter({ hasText: 'please restart' })
    await reply.waitFor()
    expect(await reply.textContent()).toContain('Support Agent')

    await messageBox(page).fill('Restarted, it works now!')
    await messageBox(page).press('Enter')
    await chatLog(admin.page).getByText('Restarted, it works now!').waitFor()

    const bell = page.getByRole('button', { name: 'Notifications, 1 unread' })
    await bell.click()
    await page
      .getByRole('list', { name: 'Latest notifications' })
      .getByText('Support replied')
      .waitFor()
    await page.getByRole('button', { name: 'Mark all read' }).click()
    await page.getByRole('button', { name: 'Notifications', exact: true }).waitFor()
    expect(await page.getByTestId('notification-badge').count()).toBe(0)

    // The admin's bell heard of the ticket and the customer's messages.
    await admin.page.getByRole('button', { name: /^Notifications, \d+ unread$/ }).click()
    // An admin's bell groups its notifications by kind.
    await admin.page.getByRole('dialog').getByText(`Dana Visitor: ${subject}`).first().waitFor()

    await admin.page.getByLabel('Status').selectOption('resolved')
    await admin.page.getByText('Ticket marked resolved').waitFor()
    await row.waitFor({ state: 'detached' })
    // The visitor's ticket card follows at once, with no reload.
    await page.getByText('Status: Resolved', { exact: true }).waitFor()

    expect(visitor.errors).toEqual([])
    expect(admin.errors).toEqual([])
  })

  it('checks the ticket id, reports an unknown one, and welcomes a returning visitor', async () => {
    const subject = `Login help ${Date.now()}`
    const ticketId = await openTicketOverApi({
      customerName: 'Robin Return',
      customerEmail: 'robin@example.com',
      subject,
      description: 'I forgot my password.',
    })
    const { page, errors } = await openPage(browser, '/support')

    await page.getByRole('button', { name: 'Return to Existing Chat' }).click()
    const ticketIdBox = page.getByLabel('Ticket ID')
    await ticketIdBox.fill('   ')
    await page.getByRole('button', { name: 'Continue Chat' }).click()
    await page.getByText('Please enter a valid ticket ID.').waitFor()

    await ticketIdBox.fill(crypto.randomUUID())
    await page.getByRole('button', { name: 'Continue Chat' }).click()
    await page.getByText('Ticket Not Found').waitFor()
    await page
      .getByText('No ticket found with this ID. Please check your ticket number and try again.')
      .waitFor()

    await page.getByRole('button', { name: 'Cancel' }).click()
    await page.getByRole('form', { name: 'Create New Support Ticket' }).waitFor()
    await page.getByRole('button', { name: 'Return to Existing Chat' }).click()
    await page.getByLabel('Ticket ID').fill(` ${ticketId} `)
    await page.getByRole('button', { name: 'Continue Chat' }).click()
    await page.getByText('Welcome Back').waitFor()
    await page.getByText(`Returned to ticket: ${subject}`).waitFor()
    expect(await page.getByTestId('ticket-id').textContent()).toBe(ticketId)

    // The browser remembers the ticket: a later visit lands back in the chat.
    await page.reload()
    await page.getByRole('heading', { name: 'Live Chat Support' }).waitFor()
    expect(await page.getByTestId('ticket-id').textContent()).toBe(ticketId)

    await page.getByRole('button', { name: 'Return to Different Chat' }).click()
    await page.getByLabel('Ticket ID').waitFor()
    await page.getByRole('button', { name: 'Cancel' }).click()
    await page.reload()
    await page.getByRole('form', { name: 'Create New Support Ticket' }).waitFor()
    expect(errors).toEqual([])
  })

  it("opens a ticket's link on a phone with the chat on the first screen, above the ticket", async () => {
    const ticketId = await openTicketOverApi({
      customerName: 'Pat Phone',
      customerEmail: 'pat@example.com',
      subject: `Reply from my phone ${Date.now()}`,
      description: 'Answering from the e-mail link.',
    })
    const context = await browser.newContext({
      baseURL: baseUrl(),
      viewport: { width: 390, height: 844 },
    })
    const page = await context.newPage()
    await page.goto(supportTicketPath(ticketId))
    const chat = page.getByRole('heading', { name: 'Live Chat Support' })
    await page.getByTestId('ticket-id').waitFor()
    const chatTop = (await chat.boundingBox())!.y
    const ticketTop = (await page.getByRole('heading', { name: 'Your Ticket' }).boundingBox())!.y
    expect(chatTop).toBeLessThan(844)
    expect(chatTop).toBeLessThan(ticketTop)
    await context.close()
  })
})
