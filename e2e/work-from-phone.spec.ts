import type { Browser, BrowserContext, Page } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import { deviceGuides } from '../common/device-guides'
import { adminPaths } from '../common/routes'
import { requestTrial } from './admin-api'
import { axeViolations } from './axe'
import { baseUrl, workerBrowser, loginAs, scrollUntilStill, isWiderThanScreen } from './fixtures'
import { chatLog, messageBox, openTicketOverApi } from './support'

const screens = [
  { name: 'phone', viewport: { width: 390, height: 844 } },
  { name: 'desktop', viewport: { width: 1440, height: 900 } },
] as const
const themes = ['light', 'dark'] as const

type SignedIn = Awaited<ReturnType<BrowserContext['storageState']>>

/** Where `locator` is on the screen, in pixels. */
const box = async (page: Page, locator: ReturnType<Page['locator']>) => {
  const found = await locator.boundingBox()
  if (!found) throw new Error('Not on screen')
  return { top: found.y, bottom: found.y + found.height, height: found.height }
}

describe('the Business Center to work from, on a phone and a desktop', () => {
  let browser: Browser
  let signedIn: SignedIn
  let ticketId: string
  const tag = Date.now()

  beforeAll(async () => {
    browser = await workerBrowser()
    ticketId = await openTicketOverApi({
      customerName: 'Robin Phone',
      customerEmail: `robin-${tag}@example.com`,
      subject: `My channels stop at half time ${tag}`,
      description: 'They stop every evening.',
    })
    for (const index of [1, 2, 3, 4, 5, 6, 7]) {
      await requestTrial({
        firstName: `Contact${index}`,
        lastName: `Phone${tag}`,
        email: `contact-${index}-${tag}@example.com`,
        plan: 'Starter',
      })
    }
    const context = await browser.newContext({ baseURL: baseUrl() })
    const page = await context.newPage()
    await loginAs(page)
    signedIn = await context.storageState()
    await context.close()
  })

  const open = async (
    viewport: (typeof screens)[number]['viewport'],
    theme: (typeof themes)[number],
  ) => {
    const context = await browser.newContext({
      baseURL: baseUrl(),
      viewport,
      colorScheme: theme,
      storageState: signedIn,
      // axe is injected as a script, which the Content-Security-Policy refuses.
      bypassCSP: true,
    })
    return context.newPage()
  }

  for (const screen of screens) {
    for (const theme of themes) {
      it(`shows an open chat on the ${screen.name} with the reply box below its messages (half the screen on a phone), in the ${theme} theme`, async () => {
        const page = await open(screen.viewport, theme)
        await page.goto(adminPaths.ticket(ticketId))
        await messageBox(page).waitFor()
        await chatLog(page).waitFor()
        const messages = await box(page, chatLog(page))
        const reply = await box(page, messageBox(page))
        const screenHeight = screen.viewport.height
        // On a phone the conversation is the screen; a desktop shares it with the list of chats.
        if (screen.name === 'phone') {
          expect(messages.height).toBeGreaterThanOrEqual(screenHeight / 2)
        }
        // The reply box sits under the messages, whole on the first screen.
        expect(reply.top).toBeGreaterThanOrEqual(messages.bottom)
        expect(reply.bottom).toBeLessThanOrEqual(screenHeight)
        expect(await isWiderThanScreen(page)).toBe(false)
        expect(await axeViolations(page)).toEqual([])

        if (screen.name === 'phone') {
          // Status and assignee wait behind Details on a phone.
          await page.getByRole('button', { name: 'Details' }).click()
          const details = page.getByRole('dialog', { name: 'Ticket and customer' })
          await details.getByLabel('Status').waitFor()
          expect(await axeViolations(page)).toEqual([])
          await page.keyboard.press('Escape')
          await page.getByRole('button', { name: 'Back to chats' }).click()
          await page.getByRole('heading', { name: 'Business Center' }).waitFor()
        }
        await page.context().close()
      })
    }
  }

  it('names every header action on a phone, Log out set apart from My account', async () => {
    const page = await open(screens[0].viewport, 'light')
    await page.goto(adminPaths.section('users'))
    await page.getByRole('button', { name: 'Menu', exact: true }).click()
    const menu = page.getByRole('menu')
    const items = await menu.getByRole('menuitem').allInnerTexts()
    expect(items.map((text) => text.trim())).toEqual([
      'My account',
      'Refresh',
      'Export Data',
      'Close Panel',
      'Log out',
    ])
    expect(await menu.getByRole('separator').count()).toBe(1)
    await menu.getByRole('menuitem', { name: 'My account' }).click()
    await page.getByRole('dialog', { name: 'Account security' }).waitFor()
    await page.keyboard.press('Escape')
    await page.context().close()
  })

  it('shows every header action with its words on a desktop, Log out apart', async () => {
    const page = await open(screens[1].viewport, 'light')
    await page.goto(adminPaths.section('users'))
    const account = await page.getByRole('button', { name: 'My account' }).boundingBox()
    const logOut = await page.getByRole('button', { name: 'Log out' }).boundingBox()
    for (const name of ['Refresh', 'Close Panel', 'My account', 'Log out']) {
      expect(await page.getByRole('button', { name }).innerText()).toContain(name)
    }
    expect(logOut!.x - (account!.x + account!.width)).toBeGreaterThanOrEqual(16)
    await page.context().close()
  })

  for (const screen of screens) {
    it(`puts the supplier's credits and drift first on Admin Tools on the ${screen.name}`, async () => {
      const page = await open(screen.viewport, 'dark')
      await page.goto(adminPaths.section('tools'))
      const supplier = page.getByRole('heading', { name: 'Supplier Panel' })
      const parser = page.getByRole('heading', { name: 'M3U Link Parser' })
      await supplier.waitFor()
      expect((await box(page, supplier)).top).toBeLessThan((await box(page, parser)).top)
      expect((await box(page, supplier)).top).toBeLessThan(screen.viewport.height)
      await page.context().close()
    })
  }

  it('lists contacts on a phone as compact rows, their details a tap away', async () => {
    const page = await open(screens[0].viewport, 'light')
    await page.goto(adminPaths.section('users'))
    await page.getByLabel('Search contacts').fill(`Phone${tag}`)
    const rows = page
      .getByRole('list', { name: 'Trial requests and subscribers' })
      .getByRole('listitem')
    await expect.poll(() => rows.count()).toBe(7)
    const list = await box(page, page.getByRole('list', { name: 'Trial requests and subscribers' }))
    // Seven contacts took 4,159 px as cards; as rows, with what happened to each request and when
    // it ends in view, they take under two screens.
    expect(list.height).toBeLessThan(7 * 240)
    const first = rows.first()
    await first.getByText('Details and actions').click()
    await first.getByRole('button', { name: /^Copy subscription ID/ }).waitFor()
    expect(await isWiderThanScreen(page)).toBe(false)
    expect(await axeViolations(page)).toEqual([])
    await page.context().close()
  })

  for (const screen of screens) {
    for (const theme of themes) {
      it(`opens the device guides from the footer's Device Support on the ${screen.name} in the ${theme} theme`, async () => {
        const context = await browser.newContext({
          baseURL: baseUrl(),
          viewport: screen.viewport,
          colorScheme: theme,
          bypassCSP: true,
        })
        const page = await context.newPage()
        await page.goto('/')
        const deviceSupport = page
          .getByRole('contentinfo')
          .getByRole('link', { name: 'Device Support' })
        await scrollUntilStill(deviceSupport)
        await deviceSupport.click()
        await page.getByRole('heading', { name: 'Device Setup Guides', level: 1 }).waitFor()
        expect(await isWiderThanScreen(page)).toBe(false)
        expect(await axeViolations(page)).toEqual([])

        const guide = deviceGuides[1]!
        await page.getByRole('link', { name: guide.title }).click()
        await page.getByRole('heading', { name: `Set up ${guide.title}`, level: 1 }).waitFor()
        await page.getByText(guide.steps[0]!).waitFor()
        expect(await isWiderThanScreen(page)).toBe(false)
        expect(await axeViolations(page)).toEqual([])
        await context.close()
      })
    }
  }
})
