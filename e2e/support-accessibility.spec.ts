import type { Browser } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import { axeViolations } from './axe'
import { baseUrl, workerBrowser, loginAs } from './fixtures'

async function post<T>(path: string, body: object): Promise<T> {
  const response = await fetch(`${baseUrl()}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  })
  if (!response.ok) throw new Error(`${path}: ${response.status}`)
  return (await response.json()) as T
}

describe('support accessibility', () => {
  let browser: Browser
  let ticketId: string
  const subject = `Subtitles are out of sync ${Date.now()}`
  beforeAll(async () => {
    browser = await workerBrowser()
    ;({ id: ticketId } = await post<{ id: string }>('/api/support-tickets', {
      customerName: 'Alex Axe',
      customerEmail: 'alex@example.com',
      subject,
      description: 'Subtitles lag two seconds behind on every channel.',
      priority: 'high',
    }))
    await post('/api/chat-messages', {
      ticketId,
      senderType: 'customer',
      senderName: 'Alex Axe',
      message: 'Hello, can anyone help?',
    })
  })

  const newPage = async (theme: 'light' | 'dark', width = 1280) => {
    const context = await browser.newContext({
      baseURL: baseUrl(),
      colorScheme: theme,
      viewport: { width, height: 900 },
      bypassCSP: true,
    })
    return context.newPage()
  }

  for (const theme of ['light', 'dark'] as const) {
    it(`has no axe violations on the support views in the ${theme} theme`, async () => {
      const page = await newPage(theme)
      await page.goto('/support')
      await page.getByRole('button', { name: 'Create Ticket' }).click()
      await page.getByText('Full name is required').waitFor()
      expect(await axeViolations(page)).toEqual([])

      await page.getByRole('button', { name: 'Return to Existing Chat' }).click()
      await page.getByRole('button', { name: 'Continue Chat' }).click()
      await page.getByText('Please enter a valid ticket ID.').waitFor()
      expect(await axeViolations(page)).toEqual([])

      await page.getByLabel('Ticket ID').fill(ticketId)
      await page.getByRole('button', { name: 'Continue Chat' }).click()
      await page.getByRole('log').getByText('Hello, can anyone help?').waitFor()
      await page.getByText('Connected', { exact: true }).waitFor()
      // Toasts are the Toaster's own (checked with it), and leave after 4 s.
      const welcome = page.getByText('Welcome Back')
      await welcome.waitFor()
      await welcome.waitFor({ state: 'detached' })
      expect(await axeViolations(page)).toEqual([])

      await page.getByRole('button', { name: /^Notifications/ }).click()
      await page.getByText('No notifications yet').waitFor()
      expect(await axeViolations(page)).toEqual([])
      await page.context().close()
    })

    for (const width of [1280, 375]) {
      it(`has no axe violations in the Support Center in the ${theme} theme at ${width} px`, async () => {
        const page = await newPage(theme, width)
        await loginAs(page)
        // The sign-in toast is not part of the Support Center (and is checked elsewhere).
        const signedIn = page.getByText('Successfully logged in to admin panel')
        await signedIn.waitFor()
        // On a phone the section bar is a menu.
        if (width === 375) {
          await page.getByRole('button', { name: /^Sections/ }).click()
          await page.getByRole('menuitem', { name: 'Support Center' }).click()
        } else await page.getByRole('tab', { name: 'Support Center' }).click()
        await page.getByRole('button', { name: new RegExp(subject) }).click()
        await page.getByRole('log').getByText('Hello, can anyone help?').waitFor()
        await signedIn.waitFor({ state: 'detached' })
        expect(await axeViolations(page)).toEqual([])
        if (width === 375) {
          await page.getByRole('button', { name: 'Back to chats' }).click()
          await page.getByRole('button', { name: new RegExp(subject) }).waitFor()
        }
        await page.context().close()
      })
    }
  }

  it('chats with the keyboard alone', async () => {
    const page = await newPage('light')
    await page.goto('/support')
    const returnButton = page.getByRole('button', { name: 'Return to Existing Chat' })
    // Rendered on the server, it is enabled (and focusable) once the page's script runs.
    await expect.poll(() => returnButton.isEnabled()).toBe(true)
    await returnButton.focus()
    await page.keyboard.press('Enter')
    // The revealed Ticket ID box takes the focus.
    await page.keyboard.type(ticketId)
    await page.keyboard.press('Enter')
    await page.getByRole('log').getByText('Hello, can anyone help?').waitFor()
    await page.getByRole('textbox', { name: 'Message' }).focus()
    await page.keyboard.type('Typed without a mouse')
    await page.keyboard.press('Enter')
    await page.getByRole('log').getByText('Typed without a mouse').waitFor()
    await page.context().close()
  })
})
