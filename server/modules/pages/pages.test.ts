import { twMerge } from 'tailwind-merge'
import { describe, expect, it } from 'vitest'
import { deviceGuides } from '../../../common/device-guides'
import { createClient } from '../../test/http-client'
import { postgresOnly, useAdminServer } from '../../test/test-server'

const pageTemplate =
  '<!doctype html><html><head><!--head--></head><body><div id="root"></div></body></html>'

/** The page's text as a visitor without scripts reads it: markup and data blocks left out. */
function readableText(html: string): string {
  const body = html.slice(html.indexOf('<div id="root">'))
  return body
    .replace(/<script[\s\S]*?<\/script>/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/\s+/g, ' ')
}

/** A JSON block the browser reads before hydrating: the query data, or the class merges. */
function embeddedJson<T>(html: string, id: string): T | null {
  const match = new RegExp(`<script type="application/json" id="${id}">([\\s\\S]*?)</script>`).exec(
    html,
  )
  return match ? (JSON.parse(match[1]!) as T) : null
}

const embeddedState = (html: string) =>
  embeddedJson<{ queries: { queryKey: unknown[] }[] }>(html, 'query-state')

/** Text as React writes it inside an attribute's quotes. */
const asAttribute = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/'/g, '&#x27;').replace(/"/g, '&quot;')

describe.each(postgresOnly)('server-rendered public pages on %s', (kind) => {
  const t = useAdminServer(kind, { pageTemplate })
  const visitor = () => createClient(t.server.baseUrl)

  it('holds the active plans with their prices in the HTML of /plans, and their data once', async () => {
    await t.admin.post('/api/plans', { name: 'Rendered Pass', price: 12.5 })
    const { body: hidden } = await t.admin.post('/api/plans', { name: 'Retired Pass', price: 3 })
    await t.admin.put(`/api/plans/${hidden.id}`, { name: 'Retired Pass', price: 3, active: false })

    const response = await visitor().get('/plans')
    expect(response.status).toBe(200)
    const text = readableText(response.body)
    expect(text).toContain('Choose Your Perfect Plan')
    expect(text).toContain('Rendered Pass - $12.50/month')
    expect(text).not.toContain('Retired Pass')
    const state = embeddedState(response.body)
    // The plans, and which legal pages the footer links.
    expect(state?.queries.map((query) => query.queryKey)).toEqual([
      ['plans'],
      ['legal-pages', 'published'],
    ])
  })

  it('hands over the class lists its rendering merged, as tailwind-merge merges them', async () => {
    const { body } = await visitor().get('/')
    const merges = Object.entries(embeddedJson<Record<string, string>>(body, 'class-merges') ?? {})
    for (const [joined, merged] of merges) expect(merged).toBe(twMerge(joined))
    // The hero's call to action overrides the button's own padding: its merge is among them.
    const used = merges.filter(([, merged]) => body.includes(`class="${asAttribute(merged)}"`))
    expect(used.length).toBeGreaterThan(0)
  })

  it("holds a post's text in the HTML of its page, its data escaped inside the data block", async () => {
    const content = 'First paragraph.\nA line that ends </script><b>bold</b> \u2028 and $& too.'
    const { body: post } = await t.admin.post('/api/blog-posts', {
      title: `Rendered Post ${kind}`,
      content,
      published: true,
    })

    const response = await visitor().get(`/blog/${post.slug}`)
    expect(response.status).toBe(200)
    const html: string = response.body
    const text = readableText(html)
    expect(text).toContain(`Rendered Post ${kind}`)
    expect(text).toContain('A line that ends </script><b>bold</b>')
    expect(text).toContain('$& too.')
    // The post's text never closes the data block or the page's markup.
    expect(html).not.toContain('</script><b>')
    const body = html.slice(html.indexOf('<div id="root">'))
    // Two blocks close there: the page's data and its class merges.
    expect(body.match(/<\/script>/g)?.length).toBe(2)
    const state = embeddedState(html)
    expect(JSON.stringify(state)).toContain(content.replace('\n', '\\n'))
  })

  it('answers 404 with the not-found pages for unknown posts and paths', async () => {
    const post = await visitor().get('/blog/no-such-post')
    expect(post.status).toBe(404)
    expect(readableText(post.body)).toContain('Post Not Found')
    // Made-up addresses share one rendering of the page, each with its own head.
    for (const path of ['/no-such-page', '/another/made-up/address']) {
      const page = await visitor().get(path)
      expect(page.status).toBe(404)
      expect(readableText(page.body)).toContain('404 Page Not Found')
      expect(page.body).toContain(`<link rel="canonical" href="${t.server.baseUrl}${path}"`)
    }
  })

  it('shows every device guide the login e-mail uses to a visitor who is not signed in', async () => {
    const index = await visitor().get('/devices')
    expect(index.status).toBe(200)
    expect(index.body).toContain('<title>Device Setup Guides')
    for (const guide of deviceGuides) {
      expect(index.body).toContain(`href="/devices/${guide.slug}"`)
      const page = await visitor().get(`/devices/${guide.slug}`)
      expect(page.status).toBe(200)
      const text = readableText(page.body)
      expect(text).toContain(`Set up ${guide.title}`)
      // The e-mail's own words, step by step.
      for (const step of guide.steps) expect(text).toContain(step)
    }
    const unknown = await visitor().get('/devices/toaster')
    expect(unknown.status).toBe(404)
    expect(readableText(unknown.body)).toContain('404 Page Not Found')
  })

  it('leads every footer link to a page that answers', async () => {
    const { body } = await visitor().get('/')
    const footer = body.slice(body.indexOf('<footer'), body.indexOf('</footer>'))
    const links = [...footer.matchAll(/<a [^>]*?href="([^"]*)"/g)].map((match) => match[1]!)
    expect(links).toContain('/devices')
    // Every link in the footer has an address: none is a placeholder that goes nowhere.
    expect(footer.match(/<a /g)?.length).toBe(links.length)
    for (const href of links.filter((link) => link.startsWith('/'))) {
      expect({ href, status: (await visitor().get(href)).status }).toEqual({ href, status: 200 })
    }
  })

  it('sends the Business Center as the bare shell, to be rendered in the browser', async () => {
    const response = await visitor().get('/admin')
    expect(response.status).toBe(200)
    expect(response.body).toContain('<div id="root"></div>')
    expect(embeddedState(response.body)).toBeNull()
  })
})
