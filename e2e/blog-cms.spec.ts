import type { Browser, Locator } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import { slugify } from '../common/blog-rules'
import { adminTabAxeViolations, openAdminTab } from './admin-tabs'
import { baseUrl, workerBrowser, openPage } from './fixtures'

const title = `Derby day streaming guide ${Date.now()}`
const slug = slugify(title)
const content = [
  'Kick-off is at eight, and the stream opens half an hour before.',
  '',
  'Plug the TV into the router if you can: a cable beats Wi-Fi on a busy night.',
  'Close other streams at home, and pick HD rather than 4K if the picture stutters.',
  'Replays of every goal are on the match page within a minute of the whistle.',
  'Enjoy the game!',
].join('\n')

const seoScore = async (dialog: Locator) =>
  Number(await dialog.getByRole('progressbar', { name: 'SEO score' }).getAttribute('aria-valuenow'))

describe('Business Center: blog CMS', () => {
  let browser: Browser
  beforeAll(async () => {
    browser = await workerBrowser()
  })

  it('writes a post while the SEO score rises, publishes it, and it reads at /blog/{slug}', async () => {
    const { page, errors } = await openAdminTab(browser, 'Content & SEO')
    const total = page.getByRole('definition').first()
    await page.getByRole('button', { name: 'New Post' }).click()
    const dialog = page.getByRole('dialog', { name: 'New Blog Post' })
    expect(await seoScore(dialog)).toBe(0)

    await dialog.getByRole('button', { name: 'Create Post' }).click()
    await dialog.getByText('Title is required').waitFor()
    await dialog.getByText('Content is required').waitFor()

    // Title 10–60 (+20), and the slug made from it (+15).
    await dialog.getByLabel('Title', { exact: true }).fill(title)
    expect(await dialog.getByLabel('Slug').getAttribute('placeholder')).toBe(slug)
    expect(await seoScore(dialog)).toBe(35)
    await dialog.getByLabel('Content', { exact: true }).fill(content)
    expect(await seoScore(dialog)).toBe(60)
    await dialog
      .getByLabel('Excerpt')
      .fill('How to get the sharpest picture on derby day, at home.')
    expect(await seoScore(dialog)).toBe(70)
    await dialog.getByLabel('Meta title').fill('Derby day streaming guide')
    expect(await seoScore(dialog)).toBe(80)
    await dialog
      .getByLabel('Meta description')
      .fill(
        'Everything you need to stream the derby in HD: when the stream opens, how to set up your TV and where to find the replays.',
      )
    expect(await dialog.getByText('122/160 characters').count()).toBe(1)
    expect(await seoScore(dialog)).toBe(100)
    await dialog.getByLabel('Tags').fill('football, guides, ')

    await dialog.getByRole('button', { name: 'Create Post' }).click()
    await page.getByText('Blog post created successfully!').waitFor()
    const row = page.getByRole('row', { name: new RegExp(title) })
    const rowText = await row.innerText()
    expect(rowText).toContain(slug)
    expect(rowText).toContain('Draft')
    expect(rowText).toContain('100/100')
    expect((await fetch(`${baseUrl()}/blog/${slug}`)).status).toBe(404)

    await row.getByRole('button', { name: `Publish ${title}` }).click()
    await page.getByText('Blog post published successfully!').waitFor()
    await row.getByText('Published', { exact: true }).waitFor()
    expect(Number(await total.textContent())).toBeGreaterThan(0)

    const reader = await openPage(browser, `/blog/${slug}`)
    const article = reader.page.getByRole('article')
    await article.getByRole('heading', { level: 1, name: title }).waitFor()
    expect(await article.innerText()).toContain(
      'Plug the TV into the router if you can: a cable beats Wi-Fi on a busy night.\nClose other streams',
    )
    expect(await article.getByRole('listitem').allInnerTexts()).toEqual(['football', 'guides'])
    expect([...errors, ...reader.errors]).toEqual([])
  })

  it('refuses a second post with the same slug and says why', async () => {
    const { page } = await openAdminTab(browser, 'Content & SEO')
    await page.getByRole('button', { name: 'New Post' }).click()
    const dialog = page.getByRole('dialog', { name: 'New Blog Post' })
    await dialog.getByLabel('Title', { exact: true }).fill(`${title}!`)
    await dialog.getByLabel('Content', { exact: true }).fill('A copy.')
    await dialog.getByRole('button', { name: 'Create Post' }).click()
    await page.getByText('Failed to create blog post').waitFor()
    await dialog.getByText('A post with this slug already exists').waitFor()
  })

  it('has no axe violations on the posts and in the post dialog', async () => {
    const posts = await adminTabAxeViolations(browser, 'Content & SEO', (page) =>
      page.getByRole('table', { name: 'Blog posts' }).waitFor(),
    )
    const postDialog = await adminTabAxeViolations(browser, 'Content & SEO', async (page) => {
      await page.getByRole('button', { name: 'New Post' }).click()
      await page.getByRole('progressbar', { name: 'SEO score' }).waitFor()
    })
    expect([...posts, ...postDialog]).toEqual([])
  })
})
