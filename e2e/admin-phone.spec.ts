import type { Browser, BrowserContext, Page } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import { adminPaths, adminSections } from '../common/routes'
import { createPublishedPost, requestTrial } from './admin-api'
import { axeViolations } from './axe'
import { baseUrl, workerBrowser, loginAs } from './fixtures'

const screens = [
  { name: 'phone', viewport: { width: 390, height: 844 } },
  { name: 'desktop', viewport: { width: 1440, height: 900 } },
] as const
const themes = ['light', 'dark'] as const

type SignedIn = Awaited<ReturnType<BrowserContext['storageState']>>

/**
 * The labels of the page's shown selects whose line of text is taller than the box its padding
 * leaves: the text then sits low, and in a short select (the inbox's 36 px ones) it was cut off.
 */
function selectsCuttingTheirText(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('select')]
      .filter((select) => {
        const style = getComputedStyle(select)
        const textBox =
          select.clientHeight - parseFloat(style.paddingTop) - parseFloat(style.paddingBottom)
        // `normal` line height is about 1.2 times the font size.
        const lineHeight = parseFloat(style.lineHeight) || parseFloat(style.fontSize) * 1.2
        return select.getClientRects().length > 0 && textBox < lineHeight
      })
      .map((select) => select.labels?.[0]?.textContent ?? select.getAttribute('aria-label') ?? ''),
  )
}

/** The section's content is on screen: nothing is loading and the network is quiet. */
async function sectionReady(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle')
  await page.waitForFunction(
    () => document.querySelectorAll('[role="status"][aria-label^="Loading"]').length === 0,
  )
}

describe('Business Center on a phone and a desktop', () => {
  let browser: Browser
  // One sign-in for the file (sign-ins are throttled per address); every context reuses it.
  let signedIn: SignedIn

  beforeAll(async () => {
    browser = await workerBrowser()
    await requestTrial({
      firstName: 'Maximiliana',
      lastName: 'Featherstonehaugh-Wolfeschlegel',
      email: `phone-${Date.now()}@example.com`,
      plan: 'Starter',
    })
    await createPublishedPost({
      title: `Watching the final on a phone, a tablet and the living-room TV ${Date.now()}`,
      content: 'Every device.',
      excerpt: 'Every device.',
      tags: ['guides'],
    })
    const context = await browser.newContext({ baseURL: baseUrl() })
    const page = await context.newPage()
    await loginAs(page, undefined, adminPaths.section('users'))
    await page.getByRole('heading', { name: 'Business Center' }).waitFor()
    signedIn = await context.storageState()
    await context.close()
  })

  for (const screen of screens) {
    for (const theme of themes) {
      it(`fits every section on the ${screen.name} in the ${theme} theme, its selects' text whole, with no axe violations`, async () => {
        const context = await browser.newContext({
          baseURL: baseUrl(),
          viewport: screen.viewport,
          colorScheme: theme,
          storageState: signedIn,
          // axe is injected as a script, which the Content-Security-Policy refuses.
          bypassCSP: true,
        })
        const page = await context.newPage()
        const found: string[] = []
        for (const section of adminSections) {
          await page.goto(adminPaths.section(section))
          await page.getByRole('heading', { name: 'Business Center' }).waitFor()
          await sectionReady(page)
          // The API reference draws its operations once the document has come: read them
          // with one opened, its parameters and answers showing, as someone scripting does.
          if (section === 'api') {
            // Areas start closed: open the people's, then its list.
            await page.locator('.opblock-tag[data-tag="trial-requests"]').click()
            const listContacts = page.locator('.opblock-get', {
              has: page.locator('[data-path="/api/trial-requests"]'),
            })
            await listContacts.locator('.opblock-summary-control').click()
            await page.locator('table.responses-table').first().waitFor()
          }
          const widths = await page.evaluate(() => ({
            page: document.documentElement.scrollWidth,
            screen: window.innerWidth,
          }))
          if (widths.page > widths.screen) {
            found.push(`${section}: ${widths.page} px wide on a ${widths.screen} px screen`)
          }
          for (const label of await selectsCuttingTheirText(page)) {
            found.push(`${section}: the select "${label}" cuts off its text`)
          }
          found.push(...(await axeViolations(page)).map((violation) => `${section}: ${violation}`))
        }
        expect(found).toEqual([])
        await context.close()
      })
    }
  }

  it('opens every section from the menu that stands in for the tab bar on a phone', async () => {
    const context = await browser.newContext({
      baseURL: baseUrl(),
      viewport: { width: 390, height: 844 },
      storageState: signedIn,
    })
    const page = await context.newPage()
    await page.goto(adminPaths.section('users'))
    expect(await page.getByRole('tab', { name: 'Financials' }).isVisible()).toBe(false)
    const menuButton = page.getByRole('button', { name: 'Sections: Users & Contacts' })
    await menuButton.focus()
    await page.keyboard.press('Enter')
    // While the menu is open the rest of the page is hidden from assistive technology.
    await page.locator('button[aria-haspopup="menu"][aria-expanded="true"]').waitFor()
    const menu = page.getByRole('menu')
    expect(
      await menu.getByRole('menuitem', { name: 'Users & Contacts' }).getAttribute('aria-current'),
    ).toBe('page')
    await page.keyboard.press('Escape')
    await menu.waitFor({ state: 'detached' })
    await expect
      .poll(() => menuButton.evaluate((button) => button === document.activeElement))
      .toBe(true)

    await menuButton.click()
    await menu.getByRole('menuitem', { name: 'Business Settings' }).click()
    await page.waitForURL(`**${adminPaths.section('settings')}`)
    await page.getByRole('button', { name: 'Sections: Business Settings' }).waitFor()
    await context.close()
  })
})
