import type { Page } from 'playwright-core'
import { startServerProcess, type ServerProcess } from '../server/test/server-process'
import { owner } from './owner'

/**
 * The shared end-to-end server cannot be restarted from a spec, so a spec that restarts one
 * starts its own built server on a data directory that outlives it.
 */
export function startRestartableServer(port: number, dataDir: string): ServerProcess {
  return startServerProcess(
    {
      PORT: String(port),
      DATA_DIR: dataDir,
      ADMIN_USERNAME: owner.username,
      ADMIN_PASSWORD: owner.password,
      // No sports service: the support pages never ask for it.
      SPORTS_API_BASE: 'http://127.0.0.1:9',
    },
    'built',
  )
}

export const chatLog = (page: Page) => page.getByRole('log', { name: 'Chat messages' })
export const messageBox = (page: Page) => page.getByRole('textbox', { name: 'Message' })

/** Types a chat message and sends it with Enter. */
export async function sendChat(page: Page, text: string): Promise<void> {
  await messageBox(page).fill(text)
  await messageBox(page).press('Enter')
}

/** Opens a support ticket from /support and waits for its live chat. */
export async function openTicketChat(page: Page, subject: string): Promise<void> {
  await page.goto('/support')
  await page.getByLabel('Full Name').fill('Casey Reconnect')
  await page.getByLabel('Email Address').fill('casey@example.com')
  await page.getByLabel('Subject').fill(subject)
  await page.getByLabel('Description').fill('Checking that nothing is lost.')
  await page.getByRole('button', { name: 'Create Ticket' }).click()
  await page.getByText('Connected', { exact: true }).waitFor()
}
