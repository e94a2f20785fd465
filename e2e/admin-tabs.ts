import type { Browser, Page } from 'playwright-core'
import { adminPaths, type AdminSection } from '../common/routes'
import { axeViolations } from './axe'
import { baseUrl, loginAs, openPage } from './fixtures'
import { owner } from './owner'

/** Each section's tab label, and the address that opens it. */
const sectionOf: Record<string, AdminSection> = {
  'Users & Contacts': 'users',
  Financials: 'financials',
  Payments: 'payments',
  'Plans Management': 'plans',
  'Support Center': 'support',
  'Content & SEO': 'content',
  'Business Settings': 'settings',
  'Admin Tools': 'tools',
}

/** The address of the section whose tab reads `tab`. */
function sectionPath(tab: string): string {
  const section = sectionOf[tab]
  if (!section) throw new Error(`No Business Center section is labelled ${tab}`)
  return adminPaths.section(section)
}

/** A fresh signed-in Business Center with `tab` open; `errors` collects script and CSP errors. */
export async function openAdminTab(
  browser: Browser,
  tab: string,
): Promise<{ page: Page; errors: string[] }> {
  const { page, errors } = await openPage(browser)
  // Signing in where a pasted link points lands on that section.
  await loginAs(page, owner, sectionPath(tab))
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
    await loginAs(page, owner, sectionPath(tab))
    await ready(page)
    found.push(...(await axeViolations(page)).map((violation) => `${colorScheme}: ${violation}`))
    await context.close()
  }
  return found
}
