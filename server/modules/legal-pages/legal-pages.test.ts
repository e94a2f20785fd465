import { describe, expect, it } from 'vitest'
import { withNewEntries } from '../../test/audit-trail'
import { createClient } from '../../test/http-client'
import { postgresOnly, useAdminServer } from '../../test/test-server'

const pageTemplate =
  '<!doctype html><html><head><!--head--></head><body><div id="root"></div></body></html>'

const privacyText =
  'We keep your name and e-mail to run your subscription.\nWe never sell them. Ask <b>us</b> & we erase them.'

/** Whether a rendered page's footer links to `path`. */
const linksTo = (html: string, path: string) => html.includes(`href="${path}"`)

const sitemapLocs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1])

describe.each(postgresOnly)('legal pages on %s', (kind) => {
  const t = useAdminServer(kind, { pageTemplate })
  const visitor = () => createClient(t.server.baseUrl)

  it('starts with both pages unwritten: 404, out of the sitemap, not linked from the footer', async () => {
    const list = await t.admin.get('/api/legal-pages')
    expect(list.status).toBe(200)
    expect(list.body).toEqual([
      { slug: 'privacy', title: 'Privacy Policy', body: '', updatedAt: null },
      { slug: 'terms', title: 'Terms of Service', body: '', updatedAt: null },
    ])
    expect((await visitor().get('/api/legal-pages/privacy')).status).toBe(404)
    expect((await visitor().get('/api/legal-pages/published')).body).toEqual([])

    const page = await visitor().get('/privacy')
    expect(page.status).toBe(404)
    expect(page.body).toContain('404 Page Not Found')
    expect(page.body).toContain('noindex')

    const sitemap = await visitor().get('/sitemap.xml')
    expect(sitemapLocs(sitemap.body)).not.toContain(`${t.server.baseUrl}/privacy`)

    // Rendered now, so the next test sees these kept pages change with the save.
    for (const path of ['/', '/made-up-address']) {
      const html = (await visitor().get(path)).body as string
      expect(html).not.toContain('Privacy Policy')
      expect(linksTo(html, '/privacy')).toBe(false)
    }
  })

  it('publishes a saved page at its address, in the sitemap and the footer, and records which one', async () => {
    const { result: saved, entries } = await withNewEntries(t.server.app.db, () =>
      t.admin.put('/api/legal-pages/privacy', { title: ' Our Privacy Policy ', body: privacyText }),
    )
    expect(saved.status).toBe(200)
    expect(saved.body).toMatchObject({
      slug: 'privacy',
      title: 'Our Privacy Policy',
      body: privacyText,
    })
    expect(entries).toHaveLength(1)
    expect(entries[0]).toMatchObject({
      action: 'legal_page.update',
      entityType: 'legal_page',
      subject: { name: 'Our Privacy Policy' },
      details: { fields: ['title', 'body'] },
    })
    // The trail names fields, never the text.
    expect(JSON.stringify(entries[0])).not.toContain('never sell')

    const api = await visitor().get('/api/legal-pages/privacy')
    expect(api.body).toEqual(saved.body)
    expect((await visitor().get('/api/legal-pages/published')).body).toEqual(['privacy'])

    const page = await visitor().get('/privacy')
    expect(page.status).toBe(200)
    const html: string = page.body
    expect(html).toContain('<title>Our Privacy Policy — StreamLine</title>')
    expect(html).toContain(
      '<meta name="description" content="We keep your name and e-mail to run your subscription.',
    )
    expect(html).toContain(`<link rel="canonical" href="${t.server.baseUrl}/privacy" />`)
    // The text as written, escaped: never markup.
    expect(html).toContain('Ask &lt;b&gt;us&lt;/b&gt; &amp; we erase them.')
    expect(html).not.toContain('<b>us</b>')

    for (const path of ['/', '/made-up-address', '/privacy']) {
      const footer = (await visitor().get(path)).body as string
      expect(linksTo(footer, '/privacy'), path).toBe(true)
      expect(linksTo(footer, '/terms'), path).toBe(false)
    }
    expect((await visitor().get('/terms')).status).toBe(404)

    const sitemap = await visitor().get('/sitemap.xml')
    expect(sitemapLocs(sitemap.body)).toContain(`${t.server.baseUrl}/privacy`)
    expect(sitemapLocs(sitemap.body)).not.toContain(`${t.server.baseUrl}/terms`)
    expect(sitemap.body).toContain(`<lastmod>${saved.body.updatedAt}</lastmod>`)
  })

  it('takes a page off the site when its text is emptied', async () => {
    const emptied = await t.admin.put('/api/legal-pages/privacy', {
      title: 'Our Privacy Policy',
      body: '   ',
    })
    expect(emptied.status).toBe(200)
    expect(emptied.body.body).toBe('')
    expect((await visitor().get('/privacy')).status).toBe(404)
    expect((await visitor().get('/api/legal-pages/privacy')).status).toBe(404)
    expect(linksTo((await visitor().get('/')).body, '/privacy')).toBe(false)
    const sitemap = await visitor().get('/sitemap.xml')
    expect(sitemapLocs(sitemap.body)).not.toContain(`${t.server.baseUrl}/privacy`)
    // The admin still has the title to write into again.
    const list = await t.admin.get('/api/legal-pages')
    expect(list.body[0]).toMatchObject({ slug: 'privacy', title: 'Our Privacy Policy', body: '' })
  })

  it('keeps the editor and saving to signed-in staff', async () => {
    expect((await visitor().get('/api/legal-pages')).status).toBe(401)
    const write = await visitor().put('/api/legal-pages/terms', { title: 'Terms', body: 'Mine' })
    expect(write.status).toBe(401)
    expect((await visitor().get('/api/legal-pages/terms')).status).toBe(404)
  })

  it('refuses bad input with 400 naming the field', async () => {
    const unknown = await t.admin.put('/api/legal-pages/cookies', { title: 'Cookies', body: 'x' })
    expect(unknown.status).toBe(400)
    expect(unknown.body.issues).toEqual([
      { path: 'slug', message: 'slug must be privacy or terms' },
    ])

    const blank = await t.admin.put('/api/legal-pages/terms', { title: '  ', body: 'Text' })
    expect(blank.status).toBe(400)
    expect(blank.body.issues).toEqual([{ path: 'title', message: 'Title is required' }])

    const missing = await t.admin.put('/api/legal-pages/terms', { title: 'Terms' })
    expect(missing.status).toBe(400)
    expect(missing.body.issues).toEqual([
      { path: 'body', message: 'Body is required: empty text unpublishes the page' },
    ])

    const long = await t.admin.put('/api/legal-pages/terms', {
      title: 'Terms',
      body: 'x'.repeat(100_001),
    })
    expect(long.status).toBe(400)
    expect(long.body.issues).toEqual([
      { path: 'body', message: expect.stringMatching(/at most 100000 characters$/) },
    ])
    expect((await t.admin.get('/api/legal-pages')).body[1].updatedAt).toBeNull()
  })
})
