import type { Browser } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import type { BlogPost } from '../common/blog'
import { createDraftPost, createPublishedPost, publishPost } from './admin-api'
import { baseUrl, workerBrowser, navigateInApp, openPage } from './fixtures'

const title = `Match day streaming checklist ${Date.now()}`
const metaDescription = 'Five quick checks before kick-off so the stream stays sharp all game.'
// Text, never markup: the tag must show up literally, not as bold text.
const content = [
  'Before kick-off, run through this list.',
  '',
  'Check your connection speed.',
  'Plug the TV into the router when you can.',
  '<b>Restart</b> the app if the picture stutters.',
].join('\n')

describe('blog', () => {
  let browser: Browser
  let post: BlogPost
  beforeAll(async () => {
    browser = await workerBrowser()
    const draft = await createDraftPost({
      title,
      content,
      metaDescription,
      tags: ['guides', 'football', 'devices', 'tv'],
    })
    // A draft is nobody's business: no page, no HTML.
    expect((await fetch(`${baseUrl()}/blog/${draft.slug}`)).status).toBe(404)
    post = await publishPost(draft.id)
  })

  it('lists the published post and opens it with its line breaks kept', async () => {
    const { page, errors } = await openPage(browser, '/blog')
    await page.getByText('Beta', { exact: true }).waitFor()
    const card = page.getByRole('article').filter({ hasText: title })
    await card.waitFor()
    expect(await card.getByRole('listitem').allInnerTexts()).toEqual([
      'guides',
      'football',
      'devices',
    ])
    expect(await card.innerText()).toContain('1 min read')

    await card.getByRole('link', { name: /Read More/ }).click()
    await page.waitForURL(`**/blog/${post.slug}`)
    const article = page.getByRole('article')
    await article.getByRole('heading', { level: 1, name: title }).waitFor()
    expect(await page.title()).toBe(`${title} — StreamLine`)
    expect(await article.innerText()).toContain(
      'Check your connection speed.\nPlug the TV into the router when you can.\n<b>Restart</b> the app',
    )
    expect(await article.locator('b').count()).toBe(0)
    expect(await article.getByRole('listitem').allInnerTexts()).toEqual([
      'guides',
      'football',
      'devices',
      'tv',
    ])

    await page.getByRole('link', { name: 'Back to Blog' }).click()
    await page.waitForURL('**/blog')
    expect(errors).toEqual([])
  })

  it('copies the link with Share when the browser has no share sheet', async () => {
    const { page } = await openPage(browser)
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'])
    await page.addInitScript(() => {
      delete (Navigator.prototype as { share?: unknown }).share
    })
    await page.goto(`/blog/${post.slug}`)
    await page.getByRole('button', { name: 'Share' }).click()
    await page.getByText('Copied!').waitFor()
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      `${baseUrl()}/blog/${post.slug}`,
    )
  })

  it('serves the post as readable HTML with its head tags, before any script runs', async () => {
    const response = await fetch(`${baseUrl()}/blog/${post.slug}`)
    expect(response.status).toBe(200)
    const html = await response.text()
    const escapedTitle = title.replace(/&/g, '&amp;')
    expect(html).toContain(`<title>${escapedTitle} — StreamLine</title>`)
    expect(html).toContain(`<meta name="description" content="${metaDescription}" />`)
    expect(html).toMatch(
      new RegExp(`<link rel="canonical" href="https?://[^"]+/blog/${post.slug}" />`),
    )
    expect(html).toContain(`<meta property="og:title" content="${escapedTitle} — StreamLine" />`)
    const jsonLd = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map(
      ([, json]) => JSON.parse(json!) as Record<string, unknown>,
    )
    expect(jsonLd).toContainEqual(
      expect.objectContaining({ '@type': 'BlogPosting', headline: title }),
    )
    // What the components rendered on the server, before the data block the browser hydrates from.
    const root =
      /<div id="root">([\s\S]*)<\/div><script type="application\/json" id="query-state">/.exec(
        html,
      )?.[1] ?? ''
    expect(root).toContain('Plug the TV into the router when you can.')
    expect(root).toContain('&lt;b&gt;Restart&lt;/b&gt;')
  })

  it('answers an unknown post with HTTP 404 and Post Not Found', async () => {
    expect((await fetch(`${baseUrl()}/blog/no-such-post`)).status).toBe(404)
    const { page, errors } = await openPage(browser, '/blog/no-such-post')
    await page.getByRole('heading', { level: 1, name: 'Post Not Found' }).waitFor()
    await page
      .getByText("The blog post you're looking for doesn't exist or has been removed.")
      .waitFor()
    expect(await page.title()).toBe('Post Not Found — StreamLine')
    expect(errors).toEqual([])
  })

  it('shows the latest posts on the landing page, and hides the section when there are none', async () => {
    const { page } = await openPage(browser, '/')
    const section = page.getByRole('region', { name: 'Latest news and guides' })
    await section.getByRole('heading', { name: title }).waitFor()
    const card = section.getByRole('article').filter({ hasText: title })
    expect(await card.getByRole('listitem').count()).toBe(2)
    expect(await card.getByRole('link', { name: /Read More/ }).getAttribute('href')).toBe(
      `/blog/${post.slug}`,
    )
    expect(await section.getByRole('link', { name: 'View All Posts' }).getAttribute('href')).toBe(
      '/blog',
    )

    // From a page without posts, so the browser asks for them (a full load has them embedded).
    await page.goto('/no-such-page')
    await page.route('**/api/blog-posts?published=true&limit=3', (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body: '[]' }),
    )
    await navigateInApp(page, '/')
    await page.getByRole('region', { name: 'Catch every big match' }).waitFor()
    await page
      .getByRole('region', { name: 'Choose Your Perfect Plan' })
      .getByRole('article')
      .first()
      .waitFor()
    expect(await page.getByRole('link', { name: 'View All Posts' }).count()).toBe(0)
  })

  // Last in this file: the posts it adds push the others off the landing page.
  it('lists older posts a page at a time with Load more', async () => {
    const archived = await createPublishedPost({
      title: `From the archive ${Date.now()}`,
      content: 'An older article.',
    })
    for (let index = 0; index < 24; index++) {
      await createPublishedPost({
        title: `Weekly roundup ${index} ${Date.now()}`,
        content: 'News.',
      })
    }
    const { page, errors } = await openPage(browser, '/blog')
    const loadMore = page.getByRole('button', { name: 'Load more' })
    await loadMore.waitFor()
    expect(await page.getByRole('article').count()).toBe(24)
    expect(await page.getByRole('article').filter({ hasText: archived.title }).count()).toBe(0)

    await loadMore.click()
    await page.getByRole('article').filter({ hasText: archived.title }).waitFor()
    expect(errors).toEqual([])
  })
})
