import type { Browser } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import { baseUrl, workerBrowser, openPage } from './fixtures'

describe('public site shell', () => {
  let browser: Browser
  beforeAll(async () => {
    browser = await workerBrowser()
  })

  it('answers an unknown path with HTTP 404 and the 404 page', async () => {
    const response = await fetch(`${baseUrl()}/no-such-page`)
    expect(response.status).toBe(404)
    const { page, errors } = await openPage(browser, '/no-such-page')
    await page.getByText('404 Page Not Found').waitFor()
    await page.getByText('Did you forget to add the page to the router?').waitFor()
    expect(errors).toEqual([])
  })

  it('navigates with the header links without a CSP violation', async () => {
    const { page, errors } = await openPage(browser, '/')
    await page.getByRole('banner').getByRole('link', { name: 'Blog' }).click()
    await page.waitForURL('**/blog')
    await page.getByRole('banner').getByRole('link', { name: 'Live Sports' }).click()
    await page.waitForURL('**/sports')
    expect(errors).toEqual([])
  })

  it('remembers the chosen theme across visits, defaulting to the system preference', async () => {
    const context = await browser.newContext({ baseURL: baseUrl(), colorScheme: 'dark' })
    const page = await context.newPage()
    await page.goto('/')
    const isDark = () => page.evaluate(() => document.documentElement.classList.contains('dark'))
    expect(await isDark()).toBe(true)
    await page.getByRole('button', { name: /switch to light theme/i }).click()
    expect(await isDark()).toBe(false)
    await page.reload()
    expect(await isDark()).toBe(false)
    await context.close()
  })

  it('does not download the Business Center code on public pages', async () => {
    const { page } = await openPage(browser)
    const scriptsOf = async (path: string) => {
      const urls: string[] = []
      const record = (request: { resourceType(): string; url(): string }) => {
        if (request.resourceType() === 'script') urls.push(new URL(request.url()).pathname)
      }
      page.on('request', record)
      await page.goto(path)
      await page.waitForLoadState('networkidle')
      page.off('request', record)
      return urls
    }
    const publicScripts = await scriptsOf('/')
    const adminScripts = await scriptsOf('/admin')
    await page.getByRole('dialog', { name: 'Admin Access' }).waitFor()
    // The Business Center is a chunk of its own, fetched only on /admin.
    expect(adminScripts.filter((url) => !publicScripts.includes(url))).not.toEqual([])
  })
})
