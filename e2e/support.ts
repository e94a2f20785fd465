import type { Page } from 'playwright-core'
import type { CreateTicketInput } from '../common/support'
import { baseUrl } from './fixtures'

/**
 * A visitor's ticket, opened over the public API as the support form opens it; answers its id.
 * Fails with the answer when the ticket is refused (tickets are limited per address).
 */
export async function openTicketOverApi(ticket: CreateTicketInput): Promise<string> {
  const response = await fetch(`${baseUrl()}/api/support-tickets`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl() },
    body: JSON.stringify(ticket),
  })
  if (!response.ok) throw new Error(`Ticket: ${response.status} ${await response.text()}`)
  return ((await response.json()) as { id: string }).id
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
