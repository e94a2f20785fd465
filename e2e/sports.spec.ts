import type { Browser, Page } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import { workerBrowser, navigateInApp, openPage, scrollUntilStill } from './fixtures'

// e2e/sports-fixtures.ts: a live game and a game today, tomorrow and in five days.
const fixtures = [
  { event: 'Arsenal vs Chelsea', badge: 'LIVE', sport: 'Soccer' },
  { event: 'Lakers vs Celtics', badge: 'TODAY', sport: 'Basketball' },
  { event: 'Liverpool vs Everton', badge: 'TOMORROW', sport: 'Soccer' },
  { event: 'Rangers vs Bruins', badge: 'UPCOMING', sport: 'Ice Hockey' },
]

const eventCards = (page: Page) => page.getByRole('main').getByRole('article')
const countNote = (page: Page) =>
  page.getByText(/^Showing \d+ events?\. Events update every 5 minutes\.$/)

describe('live sports', () => {
  let browser: Browser
  beforeAll(async () => {
    browser = await workerBrowser()
  })

  it('lists every fixture with its badge, filters by sport and counts the events', async () => {
    const { page, errors } = await openPage(browser, '/sports')
    await page.getByRole('heading', { level: 1, name: 'Live Sports Events' }).waitFor()
    for (const { event, badge, sport } of fixtures) {
      const card = page.getByRole('article', { name: event })
      await card.waitFor()
      const text = await card.innerText()
      expect(text).toContain(badge)
      expect(text).toContain(sport)
    }
    const live = await page.getByRole('article', { name: 'Arsenal vs Chelsea' }).innerText()
    expect(live).toMatch(/Arsenal\s+2[\s\S]*Chelsea\s+1/)
    expect(await eventCards(page).count()).toBe(4)
    expect(await countNote(page).innerText()).toBe(
      'Showing 4 events. Events update every 5 minutes.',
    )

    const filters = page.getByRole('group', { name: 'Filter by sport' })
    expect(await filters.getByRole('button').allInnerTexts()).toEqual([
      'All Sports',
      'Basketball',
      'Ice Hockey',
      'Soccer',
    ])
    await filters.getByRole('button', { name: 'Soccer' }).click()
    expect(await filters.getByRole('button', { name: 'Soccer' }).getAttribute('aria-pressed')).toBe(
      'true',
    )
    expect(await eventCards(page).count()).toBe(2)
    expect(await countNote(page).innerText()).toContain('Showing 2 events.')
    await filters.getByRole('button', { name: 'Basketball' }).click()
    expect(await eventCards(page).allInnerTexts()).toEqual([expect.stringContaining('Lakers')])
    await filters.getByRole('button', { name: 'All Sports' }).click()
    expect(await eventCards(page).count()).toBe(4)

    await page.getByRole('main').getByRole('link', { name: 'Blog' }).click()
    await page.waitForURL('**/blog')
    expect(errors).toEqual([])
  })

  it('shows eight placeholder cards while loading, and No Events Found when empty', async () => {
    const { page } = await openPage(browser, '/')
    let release: () => void = () => {}
    const released = new Promise<void>((resolve) => {
      release = resolve
    })
    await page.route('**/api/sports/events?scope=all', async (route) => {
      await released
      await route.fulfill({ status: 200, contentType: 'application/json', body: '[]' })
    })
    await page.getByRole('banner').getByRole('link', { name: 'Live Sports' }).click()
    const skeleton = page.getByLabel('Loading events')
    await skeleton.waitFor()
    expect(await skeleton.locator(':scope > div').count()).toBe(8)

    release()
    await page.getByRole('heading', { name: 'No Events Found' }).waitFor()
    expect(await countNote(page).innerText()).toContain('Showing 0 events.')
    await page.unroute('**/api/sports/events?scope=all')
    await page.getByRole('button', { name: 'Show All Sports' }).click()
    await page.getByRole('article', { name: 'Rangers vs Bruins' }).waitFor()
  })

  it('shows the next fixtures on the landing page, with a way to all sports', async () => {
    const { page, errors } = await openPage(browser, '/')
    const section = page.getByRole('region', { name: 'Catch every big match' })
    // Four of the eight landing leagues rotate every two minutes: the fixtures cover both halves.
    await section.getByRole('article').first().waitFor()
    const shown = await section
      .getByRole('article')
      .evaluateAll((cards) => cards.map((card) => card.getAttribute('aria-label')))
    expect(shown.length).toBeGreaterThan(0)
    expect(shown.length).toBeLessThanOrEqual(6)
    for (const name of shown) expect(fixtures.map((f) => f.event)).toContain(name)

    const viewAll = section.getByRole('link', { name: 'View All Sports' })
    await scrollUntilStill(viewAll)
    await viewAll.click()
    await page.waitForURL('**/sports')
    expect(errors).toEqual([])
  })

  it('offers Refresh Events when the landing cannot load them', async () => {
    // From a page without events, so the browser asks for them (a full load has them embedded).
    const { page } = await openPage(browser, '/no-such-page')
    await page.route('**/api/sports/events?scope=landing', (route) =>
      route.fulfill({ status: 502, body: 'Bad gateway' }),
    )
    await navigateInApp(page, '/')
    const section = page.getByRole('region', { name: 'Catch every big match' })
    await section
      .getByText('Sports events will appear here soon. Check back later for live updates!')
      .waitFor()
    await page.unroute('**/api/sports/events?scope=landing')
    await section.getByRole('button', { name: 'Refresh Events' }).click()
    await section.getByRole('article').first().waitFor()
  })
})
