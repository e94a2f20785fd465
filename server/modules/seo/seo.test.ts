import { XMLParser, XMLValidator } from 'fast-xml-parser'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { deviceGuides } from '../../../common/device-guides'
import { insertBlogPost } from '../../test/blog-fixtures'
import { createClient } from '../../test/http-client'
import { startTestServer, type TestServer } from '../../test/test-server'

describe('sitemap, robots and feed', () => {
  let server: TestServer
  const publicUrl = 'https://stream.example'

  beforeAll(async () => {
    server = await startTestServer('pglite', {
      env: { PUBLIC_URL: publicUrl, BRAND_NAME: 'Stream & Co' },
    })
    await insertBlogPost(server.app.db, {
      title: 'Fish & Chips <live>',
      slug: 'fish-chips-live',
      excerpt: 'Tasty & live',
      tags: ['food'],
      publishedAt: new Date('2026-11-20T10:00:00Z'),
      updatedAt: new Date('2026-11-21T10:00:00Z'),
    })
    await insertBlogPost(server.app.db, { title: 'Hidden Draft', published: false })
  })
  afterAll(() => server.close())

  it('lists the public pages and published posts with lastmod in the sitemap', async () => {
    const response = await createClient(server.baseUrl).get('/sitemap.xml')
    expect(response.headers.get('content-type')).toMatch(/^application\/xml/)
    const locs = [...response.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map(
      (m: RegExpMatchArray) => m[1],
    )
    expect(locs).toEqual([
      `${publicUrl}/`,
      `${publicUrl}/plans`,
      `${publicUrl}/sports`,
      `${publicUrl}/support`,
      `${publicUrl}/blog`,
      `${publicUrl}/devices`,
      ...deviceGuides.map((guide) => `${publicUrl}/devices/${guide.slug}`),
      `${publicUrl}/blog/fish-chips-live`,
    ])
    expect(response.body).toContain('<lastmod>2026-11-21T10:00:00.000Z</lastmod>')
    expect(response.body).not.toContain('hidden-draft')
    expect(XMLValidator.validate(response.body)).toBe(true)
  })

  it('points robots to the sitemap and keeps crawlers out of the Business Center', async () => {
    const { body } = await createClient(server.baseUrl).get('/robots.txt')
    expect(body).toContain('Disallow: /admin')
    expect(body).toContain(`Sitemap: ${publicUrl}/sitemap.xml`)
  })

  it('serves an RSS 2.0 feed of published posts with escaped text', async () => {
    const response = await createClient(server.baseUrl).get('/rss.xml')
    expect(response.headers.get('content-type')).toMatch(/^application\/rss\+xml/)
    const xml: string = response.body
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<rss version="2.0"/)
    expect(xml).toContain('<title>Stream &amp; Co Blog</title>')
    expect(xml).toContain('<title>Fish &amp; Chips &lt;live&gt;</title>')
    expect(xml).toContain(`<guid isPermaLink="true">${publicUrl}/blog/fish-chips-live</guid>`)
    expect(xml).toContain('<pubDate>Fri, 20 Nov 2026 10:00:00 GMT</pubDate>')
    expect(xml).toContain('<description>Tasty &amp; live</description>')
    expect(xml).not.toContain('Hidden Draft')
    expect(XMLValidator.validate(xml)).toBe(true)
    const channel = new XMLParser().parse(xml).rss.channel
    expect(channel.item).toMatchObject({ title: 'Fish & Chips <live>', category: 'food' })
  })
})
