import { rmSync } from 'node:fs'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { freePort } from '../server/test/free-port'
import { stopServerProcess, waitForHealth, type ServerProcess } from '../server/test/server-process'
import { migratedDataDir } from './data-dirs'
import { workerBrowser, loginAs, closeFilePages } from './fixtures'
import { startRestartableServer } from './restartable-server'
import { chatLog, openTicketChat, sendChat } from './support'

const bubble = (page: Page, text: string) =>
  chatLog(page).getByRole('listitem').filter({ hasText: text })

/** Which of `texts` the conversation shows, one entry per message, in the order shown. */
async function shownInOrder(page: Page, texts: string[]): Promise<string[]> {
  const items = await chatLog(page).getByRole('listitem').allTextContents()
  return items.flatMap((item) => texts.filter((text) => item.includes(text)))
}

/** Resolves once this page has no chat message left to deliver. */
const outboxEmptied = (page: Page) =>
  page.waitForFunction(() => localStorage.getItem('pending-chat-messages') === null)

describe('chat messages typed while the server is away', () => {
  let browser: Browser
  let server: ServerProcess
  let url: string
  let port: number
  const dataDir = migratedDataDir('e2e-chat-outage-')

  beforeAll(async () => {
    browser = await workerBrowser()
    port = await freePort()
    url = `http://127.0.0.1:${port}`
    server = startRestartableServer(port, dataDir)
    await waitForHealth(url, server)
  })
  afterAll(async () => {
    await closeFilePages()
    if (server) await stopServerProcess(server)
    rmSync(dataDir, { recursive: true, force: true })
  })

  it('shows them as sending, then delivers each exactly once and in order after a restart', async () => {
    const visitor = await (await browser.newContext({ baseURL: url })).newPage()
    await openTicketChat(visitor, 'Outage mid-chat')
    const admin = await (await browser.newContext({ baseURL: url })).newPage()
    await loginAs(admin)
    await admin.getByRole('tab', { name: 'Support Center' }).click()
    await admin.getByRole('button', { name: /Outage mid-chat/ }).click()
    await admin.getByText('Connected', { exact: true }).waitFor()

    const texts = ['First, before the outage', 'Second, while it is down', 'Third, still down']
    await sendChat(visitor, texts[0]!)
    await chatLog(admin).getByText(texts[0]!).waitFor()

    await stopServerProcess(server)
    await visitor.getByText('Connecting...', { exact: true }).waitFor()
    for (const text of texts.slice(1)) {
      await sendChat(visitor, text)
      await bubble(visitor, text).getByText('Sending…').waitFor()
    }
    // Kept in the browser, not only in the page.
    const queued = await visitor.evaluate(() => localStorage.getItem('pending-chat-messages'))
    expect(JSON.parse(queued ?? '[]').map((entry: any) => entry.message)).toEqual(texts.slice(1))

    server = startRestartableServer(port, dataDir)
    await waitForHealth(url, server)
    for (const text of texts.slice(1)) {
      await bubble(visitor, text)
        .getByText('Sending…')
        .waitFor({ state: 'detached', timeout: 40_000 })
      await bubble(admin, text).waitFor({ timeout: 40_000 })
    }
    await outboxEmptied(visitor)
    expect(await shownInOrder(visitor, texts)).toEqual(texts)
    expect(await shownInOrder(admin, texts)).toEqual(texts)
    // A reload shows what the server stored: each message once, in order.
    await admin.reload()
    await admin.getByRole('tab', { name: 'Support Center' }).click()
    await admin.getByRole('button', { name: /Outage mid-chat/ }).click()
    await bubble(admin, texts[2]!).waitFor()
    expect(await shownInOrder(admin, texts)).toEqual(texts)
  })

  it('stores a message once when the server got it but its answer was lost', async () => {
    const visitor = await (await browser.newContext({ baseURL: url })).newPage()
    await openTicketChat(visitor, 'Lost answer')
    let posts = 0
    visitor.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/api/chat-messages')) posts += 1
    })
    // The first post reaches the server, which stores it; the browser never hears back.
    await visitor.route(
      '**/api/chat-messages',
      async (route) => {
        await route.fetch()
        await route.abort('connectionreset')
      },
      { times: 1 },
    )
    const text = 'Did this arrive?'
    await sendChat(visitor, text)
    await outboxEmptied(visitor)
    expect(posts).toBe(2)
    await bubble(visitor, text).waitFor()
    expect(await bubble(visitor, text).count()).toBe(1)

    const ticketId = await visitor.getByTestId('ticket-id').textContent()
    const stored = await (await visitor.request.get(`/api/chat-messages/${ticketId}`)).json()
    // The ticket's description opens the chat as the customer's first message; the text once.
    const texts = stored.map((message: any) => message.message)
    expect(texts.filter((message: string) => message === text)).toEqual([text])
    expect(texts).toHaveLength(2)
  })
})
