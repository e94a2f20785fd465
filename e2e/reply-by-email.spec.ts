import { and, eq } from 'drizzle-orm'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { outboxMessages } from '../server/db/schema/outbox-messages'
import { workerBrowser, loginAs, closeFilePages } from './fixtures'
import { startMailingServer, type MailingServer } from './mailing-server'
import { chatLog, messageBox } from './support'

const subject = `No sound on channel 4 ${Date.now().toString(36)}`
const email = 'casey.leaves@example.com'
const reply = 'Hi Casey, please restart the app: the sound comes back.'

/**
 * A customer opens a ticket and leaves; support answers later. The answer reaches them by e-mail
 * (held two minutes in case they are still in the chat or the agent adds to it, then sent by the
 * outbox's job), and its link opens that ticket's chat with the answer in it.
 */
describe('a support reply by e-mail, back to the chat', () => {
  let server: MailingServer
  let browser: Browser
  const pageAt = async () => (await browser.newContext({ baseURL: server.baseUrl })).newPage()

  beforeAll(async () => {
    server = await startMailingServer()
    browser = await workerBrowser()
  })
  afterAll(async () => {
    await closeFilePages()
    await server?.stop()
  })

  it('e-mails the reply to a customer who left, and its link opens the chat', async () => {
    const customer = await pageAt()
    await customer.goto('/support')
    await customer.getByLabel('Full Name').fill('Casey Leaves')
    await customer.getByLabel('Email Address').fill(email)
    await customer.getByLabel('Subject').fill(subject)
    await customer.getByLabel('Description').fill('The picture is fine, the sound is gone.')
    await customer.getByRole('button', { name: 'Create Ticket' }).click()
    await customer.getByText('Connected', { exact: true }).waitFor()
    const ticketId = (await customer.getByTestId('ticket-id').textContent())!.trim()
    // The ticket's confirmation arrives; then the customer closes the page.
    const [created] = await server.smtp.waitForCount(1, 30_000)
    expect(created!.text).toContain(`${server.baseUrl}/support?ticket=${ticketId}`)
    await customer.context().close()

    const admin = await pageAt()
    await loginAs(admin)
    await admin.getByRole('tab', { name: 'Support Center' }).click()
    await admin
      .getByRole('list', { name: 'Active chats' })
      .getByRole('button', { name: new RegExp(subject) })
      .click()
    await messageBox(admin).fill(reply)
    await messageBox(admin).press('Enter')
    await chatLog(admin).getByText(reply).waitFor()

    // The e-mail is held two minutes (decision 0033). Rather than wait them out, the server is
    // stopped, the two minutes are taken off the e-mail's due time, and the server is started
    // again: its outbox job sends the e-mail as it would have two minutes on (decision 0043).
    await server.restart(async (db) => {
      const waiting = await db
        .select()
        .from(outboxMessages)
        .where(and(eq(outboxMessages.kind, 'support_reply'), eq(outboxMessages.recipient, email)))
      expect(waiting).toHaveLength(1)
      const [held] = waiting
      expect(held).toMatchObject({ status: 'queued', sentAt: null })
      expect(held!.nextAttemptAt.getTime() - held!.createdAt.getTime()).toBe(2 * 60_000)
      // Not sent meanwhile: only the ticket's confirmation has arrived.
      expect(server.smtp.received).toHaveLength(1)
      await db
        .update(outboxMessages)
        .set({ nextAttemptAt: held!.createdAt })
        .where(eq(outboxMessages.id, held!.id))
    })

    const [, mail] = await server.smtp.waitForCount(2, 60_000)
    expect(mail!.to).toMatchObject({ text: email })
    expect(mail!.text).toContain(reply)
    const link = /href="([^"]*\/support\?ticket=[^"]+)"/.exec(String(mail!.html))?.[1]
    expect(link).toBe(`${server.baseUrl}/support?ticket=${ticketId}`)

    const back = await pageAt()
    await back.goto(link!)
    await chatLog(back).getByText(reply).waitFor()
    await back.getByText(subject).first().waitFor()
  })
})
