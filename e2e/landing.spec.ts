import type { Browser } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import { workerBrowser, navigateInApp, openPage, scrollUntilStill } from './fixtures'

describe('landing page', () => {
  let browser: Browser
  beforeAll(async () => {
    browser = await workerBrowser()
  })

  it('shows its sections in the spec order, with the six features and the static stats', async () => {
    const { page, errors } = await openPage(browser, '/')
    await page
      .getByRole('region', { name: 'Catch every big match' })
      .getByRole('article')
      .first()
      .waitFor()
    // Text, not innerText, here and below: sections below the first screen are not laid out
    // yet, and the browser's innerText of content it has not laid out is empty.
    const headings = await page
      .getByRole('main')
      .getByRole('heading', { level: 2 })
      .allTextContents()
    const order = [
      'Everything you want to watch',
      'Catch every big match',
      'Choose Your Perfect Plan',
      'Loved by viewers',
    ].map((start) => headings.findIndex((heading) => heading.startsWith(start)))
    expect(order).toEqual([...order].sort((a, b) => a - b))
    expect(order).not.toContain(-1)

    const hero = page.getByRole('region', { name: /Stream everything you love/ })
    expect(
      await hero.getByRole('list', { name: 'Trial terms' }).getByRole('listitem').allInnerTexts(),
    ).toEqual(['24-Hour Free Trial', 'Cancel Anytime', 'No Commitment'])
    const features = page.getByRole('region', { name: /Everything you want to watch/ })
    expect(await features.getByRole('heading', { level: 3 }).allInnerTexts()).toEqual([
      'HD Streaming',
      'Watch Anywhere',
      'Instant Access',
      'Global Content',
      'Family Safe',
      'Instant Streaming',
    ])
    const testimonials = page.getByRole('region', { name: 'Loved by viewers around the world' })
    expect(await testimonials.locator('figure').count()).toBe(3)
    const stats = await testimonials.locator('dd').allTextContents()
    expect(stats).toEqual(['50M+', '180+', '4.8/5'])

    const footerTrialButton = page
      .getByRole('contentinfo')
      .getByRole('button', { name: 'Start Your Free Trial' })
    await scrollUntilStill(footerTrialButton)
    await footerTrialButton.click()
    await page.getByRole('dialog', { name: 'Start Your Free Trial' }).waitFor()
    expect(errors).toEqual([])
  })

  it('scrolls to the plans with VIEW PLANS and filters them by billing period', async () => {
    const { page, errors } = await openPage(browser, '/')
    const plans = page.locator('section#plans')
    await plans.getByRole('article').first().waitFor()
    await page.getByRole('link', { name: 'VIEW PLANS' }).click()
    await expect
      .poll(() => plans.evaluate((section) => Math.round(section.getBoundingClientRect().top)))
      .toBeLessThan(120)

    const cards = plans.getByRole('article')
    expect(await cards.count()).toBe(12)
    const starterAnnual = plans.getByRole('article', { name: 'Starter Annual', exact: true })
    expect(await starterAnnual.innerText()).toContain('Starter Annual - $79.99/year')
    expect(await starterAnnual.innerText()).toContain('$6.67')
    expect(await starterAnnual.innerText()).toContain('Save 15%')
    expect(
      await plans.getByRole('article', { name: 'Family Plus', exact: true }).innerText(),
    ).toContain('Popular')

    const filter = plans.getByRole('group', { name: 'Billing period' })
    await filter.getByRole('button', { name: 'Annual', exact: true }).click()
    expect(await cards.count()).toBe(3)
    expect(
      await filter
        .getByRole('button', { name: 'Annual', exact: true })
        .getAttribute('aria-pressed'),
    ).toBe('true')
    // Choosing the active period again clears it; Clear does the same.
    await filter.getByRole('button', { name: 'Annual', exact: true }).click()
    expect(await cards.count()).toBe(12)
    await filter.getByRole('button', { name: 'Quarterly' }).click()
    expect(await cards.allInnerTexts()).toEqual(Array(3).fill(expect.stringContaining('/3 months')))
    await plans.getByRole('button', { name: 'Clear' }).click()
    expect(await cards.count()).toBe(12)
    expect(errors).toEqual([])
  })

  it('states a plans failure and an empty plan list in the spec words', async () => {
    // From a page without plans, so the browser asks for them (a full load has them embedded).
    const { page } = await openPage(browser, '/no-such-page')
    await page.route('**/api/plans', (route) => route.fulfill({ status: 500, body: 'boom' }))
    await navigateInApp(page, '/plans')
    await page.getByText('Failed to load pricing plans. Please try again later.').waitFor()
    await page.unroute('**/api/plans')
    await page.route('**/api/plans', (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body: '[]' }),
    )
    // Back on the page, the failed query is asked again.
    await navigateInApp(page, '/no-such-page')
    await navigateInApp(page, '/plans')
    await page.getByText('No pricing plans available at the moment.').waitFor()
  })
})
