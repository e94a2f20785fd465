import { rmSync } from 'node:fs'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { freePort } from '../server/test/free-port'
import { stopServerProcess, waitForHealth, type ServerProcess } from '../server/test/server-process'
import { migratedDataDir } from './data-dirs'
import { workerBrowser, loginAs, closeFilePages } from './fixtures'
import { startRestartableServer } from './restartable-server'
import { chatLog, openTicketChat, sendChat } from './support'

describe('live support chat across a server restart', () => {
  let browser: Browser
  let server: ServerProcess
  let url: string
  const dataDir = migratedDataDir('e2e-reconnect-')

  beforeAll(async () => {
    browser = await workerBrowser()
    const port = await freePort()
    url = `http://127.0.0.1:${port}`
    server = startRestartableServer(port, dataDir)
    await waitForHealth(url, server)
  })
  afterAll(async () => {
    await closeFilePages()
    if (server) await stopServerProcess(server)
    rmSync(dataDir, { recursive: true, force: true })
  })

  it('reconnects both sides and loses no message sent while the visitor was disconnected', async () => {
    const visitor = await (await browser.newContext({ baseURL: url })).newPage()
    await openTicketChat(visitor, 'Server restart')

    const admin = await (await browser.newContext({ baseURL: url })).newPage()
    await loginAs(admin)
    await admin.getByRole('tab', { name: 'Support Center' }).click()
    await admin.getByRole('button', { name: /Server restart/ }).click()
    await admin.getByText('Connected', { exact: true }).waitFor()

    await sendChat(visitor, 'Before the restart')
    await chatLog(admin).getByText('Before the restart').waitFor()

    const port = Number(new URL(url).port)
    await stopServerProcess(server)
    await visitor.getByText('Connecting...', { exact: true }).waitFor()
    server = startRestartableServer(port, dataDir)
    await waitForHealth(url, server)

    // The visitor's socket retries after waits of 0.5–1, 1–2, 2–4, 4–8 and 8–16 s (jittered), so
    // it is usually still down here; either way the message must reach it.
    await sendChat(admin, 'Sent while you were away')
    await chatLog(admin).getByText('Sent while you were away').waitFor()
    await chatLog(visitor).getByText('Sent while you were away').waitFor()
    await visitor.getByText('Connected', { exact: true }).waitFor({ timeout: 40_000 })
    await admin.getByText('Connected', { exact: true }).waitFor({ timeout: 40_000 })

    // Live again in both directions, without a reload.
    await sendChat(admin, 'Back to live')
    await chatLog(visitor).getByText('Back to live').waitFor()
    await sendChat(visitor, 'Thanks, all here')
    await chatLog(admin).getByText('Thanks, all here').waitFor()
    for (const text of ['Before the restart', 'Sent while you were away', 'Back to live']) {
      expect(await chatLog(visitor).getByText(text).count()).toBe(1)
    }
  })
})

describe('a live socket refused over the cap per address', () => {
  let browser: Browser
  let server: ServerProcess
  let url: string
  const dataDir = migratedDataDir('e2e-refused-')

  beforeAll(async () => {
    browser = await workerBrowser()
    const port = await freePort()
    url = `http://127.0.0.1:${port}`
    server = startRestartableServer(port, dataDir, { WS_MAX_SOCKETS_PER_IP: '1' })
    await waitForHealth(url, server)
  })
  afterAll(async () => {
    await closeFilePages()
    if (server) await stopServerProcess(server)
    rmSync(dataDir, { recursive: true, force: true })
  })

  it('says it stopped, and why, instead of retrying into the same refusal', async () => {
    const first = await (await browser.newContext({ baseURL: url })).newPage()
    await openTicketChat(first, 'First tab')

    const second = await (await browser.newContext({ baseURL: url })).newPage()
    const sockets: string[] = []
    second.on('websocket', (socket) => sockets.push(socket.url()))
    await second.goto('/support')
    await second.getByLabel('Full Name').fill('Casey Reconnect')
    await second.getByLabel('Email Address').fill('casey@example.com')
    await second.getByLabel('Subject').fill('Second tab')
    await second.getByLabel('Description').fill('One socket too many.')
    await second.getByRole('button', { name: 'Create Ticket' }).click()
    const stopped = second.getByRole('status').filter({ hasText: 'Stopped' })
    await stopped.waitFor()
    expect(await stopped.textContent()).toContain('Too many live connections from your address')
    await second.getByText('Live updates stopped').waitFor()
    expect(sockets).toHaveLength(1)
    // The tab within the cap stays live.
    await first.getByText('Connected', { exact: true }).waitFor()
  })
})
