import type { Browser, Page } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import { createPublishedPost } from './admin-api'
import { baseUrl, workerBrowser } from './fixtures'

// What the server embeds in each page; the browser must not ask for it again.
const embeddedData = /^\/api\/(plans|blog-posts|sports\/events)\b/

type Visit = { page: Page; problems: string[]; apiCalls: string[] }

/** Opens a page, recording every console error, hydration warning and API call it makes. */
async function visit(browser: Browser, path: string): Promise<Visit> {
  const context = await browser.newContext({ baseURL: baseUrl() })
  const page = await context.newPage()
  const problems: string[] = []
  const apiCalls: string[] = []
  page.on('pageerror', (error) => problems.push(error.message))
  page.on('console', (message) => {
    // React reports mismatches with console.error, and web/main.tsx logs recoverable errors.
    if (message.type() === 'error' || /hydrat/i.test(message.text())) {
      problems.push(`${message.type()}: ${message.text()}`)
    }
  })
  page.on('request', (request) => {
    const { pathname } = new URL(request.url())
    if (pathname.startsWith('/api/')) apiCalls.push(pathname)
  })
  await page.goto(path, { waitUntil: 'networkidle' })
  return { page, problems, apiCalls }
}

describe('server-rendered public pages', () => {
  let browser: Browser
  let postPath: string
  beforeAll(async () => {
    browser = await workerBrowser()
    const post = await createPublishedPost({
      title: `Hydration check ${Date.now()}`,
      content: 'A post rendered on the server.\nAnd hydrated in the browser.',
    })
    postPath = `/blog/${post.slug}`
  })

  it('hydrates every public page without a console error, a mismatch or a second fetch', async () => {
    for (const path of ['/', '/plans', '/sports', '/blog', postPath, '/support']) {
      const { page, problems, apiCalls } = await visit(browser, path)
      // Hydrated: the theme toggle answers a click (it does nothing before React takes over).
      const toggle = page.getByRole('button', { name: /Switch to (dark|light) theme/ }).first()
      const before = await toggle.getAttribute('aria-label')
      await toggle.click()
      await expect.poll(() => toggle.getAttribute('aria-label')).not.toBe(before)
      expect({ path, problems }).toEqual({ path, problems: [] })
      expect({ path, refetched: apiCalls.filter((call) => embeddedData.test(call)) }).toEqual({
        path,
        refetched: [],
      })
      await page.context().close()
    }
  })

  it('shows the post from the HTML before any script runs', async () => {
    const context = await browser.newContext({ baseURL: baseUrl(), javaScriptEnabled: false })
    const page = await context.newPage()
    await page.goto(postPath)
    await page.getByText('And hydrated in the browser.').waitFor()
    await page.getByRole('heading', { level: 1, name: /Hydration check/ }).waitFor()
    await context.close()
  })

  it('keeps the place the visitor reached before hydration, and a tap made during it', async () => {
    // The address names the plans; hydration runs after the browser has scrolled there.
    const { page, problems } = await visit(browser, '/#plans')
    const plans = page.locator('section#plans')
    const plansTop = () => plans.evaluate((section) => section.getBoundingClientRect().top)
    const toggle = page.getByRole('button', { name: /Switch to (dark|light) theme/ }).first()
    const before = await toggle.getAttribute('aria-label')
    await toggle.click()
    await expect.poll(() => toggle.getAttribute('aria-label')).not.toBe(before)
    // Still at the plans, below the sticky header, once React has taken over.
    expect(Math.round(await plansTop())).toBeGreaterThanOrEqual(0)
    expect(Math.round(await plansTop())).toBeLessThanOrEqual(100)
    await plans.getByRole('article').first().getByRole('button').click()
    await page.getByRole('dialog', { name: 'Start Your Free Trial' }).waitFor()
    expect(problems).toEqual([])
    await page.context().close()
  })
})
