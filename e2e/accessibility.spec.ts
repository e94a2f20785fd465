import type { Browser, Page } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import { createPublishedPost } from './admin-api'
import { axeViolations } from './axe'
import { baseUrl, workerBrowser, openPage } from './fixtures'

const themes = ['light', 'dark'] as const

// The axe pages bypass the Content-Security-Policy, which refuses the injected axe script
// (site-shell.spec.ts checks the CSP on real pages).
const axeContext = (browser: Browser, theme: (typeof themes)[number]) =>
  browser.newContext({ baseURL: baseUrl(), colorScheme: theme, bypassCSP: true })

describe('accessibility', () => {
  let browser: Browser
  let postPath: string
  beforeAll(async () => {
    browser = await workerBrowser()
    const post = await createPublishedPost({
      title: `Accessible streaming ${Date.now()}`,
      content: 'Subtitles, audio description and keyboard control.\nAll on every plan.',
      excerpt: 'How every plan works for every viewer.',
      tags: ['accessibility', 'guides'],
    })
    postPath = `/blog/${post.slug}`
  })

  // Each page once its content (not its loading state) is on screen.
  const pages: { name: string; path: () => string; ready: (page: Page) => Promise<void> }[] = [
    {
      name: 'home',
      path: () => '/',
      ready: async (page) => {
        await page
          .getByRole('region', { name: 'Choose Your Perfect Plan' })
          .getByRole('article')
          .first()
          .waitFor()
        await page
          .getByRole('region', { name: 'Catch every big match' })
          .getByRole('article')
          .first()
          .waitFor()
      },
    },
    {
      name: 'plans',
      path: () => '/plans',
      ready: (page) => page.getByRole('article').first().waitFor(),
    },
    {
      name: 'sports',
      path: () => '/sports',
      ready: (page) => page.getByRole('article').first().waitFor(),
    },
    {
      name: 'blog',
      path: () => '/blog',
      ready: (page) =>
        page
          .getByRole('link', { name: /Read More/ })
          .first()
          .waitFor(),
    },
    {
      name: 'blog post',
      path: () => postPath,
      ready: (page) => page.getByRole('button', { name: 'Share' }).waitFor(),
    },
    {
      name: '404',
      path: () => '/no-such-page',
      ready: (page) => page.getByText('404 Page Not Found').waitFor(),
    },
  ]

  for (const theme of themes) {
    for (const { name, path, ready } of pages) {
      it(`has no axe violations on ${name} in the ${theme} theme`, async () => {
        const context = await axeContext(browser, theme)
        const page = await context.newPage()
        await page.goto(path())
        await ready(page)
        const isDark = await page.evaluate(() =>
          document.documentElement.classList.contains('dark'),
        )
        expect(isDark).toBe(theme === 'dark')
        expect(await axeViolations(page)).toEqual([])
        await context.close()
      })
    }

    it(`has no axe violations in the open trial modal in the ${theme} theme`, async () => {
      const context = await axeContext(browser, theme)
      const page = await context.newPage()
      await page.goto('/plans')
      await page.getByRole('article', { name: 'Starter', exact: true }).getByRole('button').click()
      const dialog = page.getByRole('dialog', { name: 'Start Your Free Trial' })
      await dialog.getByRole('button', { name: 'Request Free Trial' }).click()
      await dialog.getByText('Please enter a valid email address').waitFor()
      expect(await axeViolations(page)).toEqual([])
      await context.close()
    })
  }

  it('works with the keyboard: skip link, START TRIAL, a trapped modal and focus restored', async () => {
    const { page, errors } = await openPage(browser, '/')
    await page
      .getByRole('region', { name: 'Choose Your Perfect Plan' })
      .getByRole('article')
      .first()
      .waitFor()
    const focused = () =>
      page.evaluate(() => {
        const element = document.activeElement
        return {
          text: element?.textContent?.trim() ?? '',
          id: element?.id ?? '',
          inDialog: Boolean(element?.closest('[role="dialog"]')),
          outline: element ? getComputedStyle(element).boxShadow : 'none',
        }
      })

    await page.keyboard.press('Tab')
    expect((await focused()).text).toBe('Skip to content')
    await page.keyboard.press('Enter')
    expect((await focused()).id).toBe('main')

    let presses = 0
    while ((await focused()).text !== 'START TRIAL') {
      await page.keyboard.press('Tab')
      if (++presses > 20) throw new Error('START TRIAL is not reachable with Tab')
    }
    // The focus ring is visible (a box-shadow ring in this design).
    expect((await focused()).outline).not.toBe('none')

    await page.keyboard.press('Enter')
    const dialog = page.getByRole('dialog', { name: 'Start Your Free Trial' })
    await dialog.waitFor()
    await expect.poll(async () => (await focused()).inDialog).toBe(true)
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press('Tab')
      expect((await focused()).inDialog).toBe(true)
    }

    await page.keyboard.press('Escape')
    await dialog.waitFor({ state: 'detached' })
    // Focus returns in the frame after the dialog leaves the page.
    await expect.poll(async () => (await focused()).text).toBe('START TRIAL')
    expect(errors).toEqual([])
  })

  it('opens the mobile menu with the keyboard and closes it with Escape', async () => {
    const context = await browser.newContext({
      baseURL: baseUrl(),
      viewport: { width: 375, height: 800 },
    })
    const page = await context.newPage()
    await page.goto('/')
    const toggle = page.getByRole('button', { name: 'Menu' })
    await toggle.focus()
    await page.keyboard.press('Enter')
    expect(await toggle.getAttribute('aria-expanded')).toBe('true')
    const menu = page.getByRole('navigation', { name: 'Mobile' })
    await menu.getByRole('link', { name: 'Blog' }).waitFor()
    await page.keyboard.press('Escape')
    await menu.waitFor({ state: 'detached' })
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(
      'Menu',
    )
    await context.close()
  })
})
