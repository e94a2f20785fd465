import type { Browser, Page } from 'playwright-core'
import { axeViolations } from './axe'
import { baseUrl, loginAs, openPage } from './fixtures'

/** A fresh signed-in Business Center with `tab` open; `errors` collects script and CSP errors. */
export async function openAdminTab(
  browser: Browser,
  tab: string,
): Promise<{ page: Page; errors: string[] }> {
  const { page, errors } = await openPage(browser)
  await loginAs(page)
  await page.getByRole('tab', { name: tab, exact: true }).click()
  return { page, errors }
}

/**
 * axe-core's violations on a Business Center tab in both themes, once `ready` says its content
 * is on screen. The pages bypass the Content-Security-Policy, which refuses the injected script.
 */
export async function adminTabAxeViolations(
  browser: Browser,
  tab: string,
  ready: (page: Page) => Promise<void>,
): Promise<string[]> {
  const found: string[] = []
  for (const colorScheme of ['light', 'dark'] as const) {
    const context = await browser.newContext({ baseURL: baseUrl(), colorScheme, bypassCSP: true })
    const page = await context.newPage()
    await loginAs(page)
    await page.getByRole('tab', { name: tab, exact: true }).click()
    await ready(page)
    found.push(...(await axeViolations(page)).map((violation) => `${colorScheme}: ${violation}`))
    await context.close()
  }
  return found
}
