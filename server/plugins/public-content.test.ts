import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createClient } from '../test/http-client'
import { startProcessesOnPostgres, type RunningServer } from '../test/processes-on-postgres'
import { databaseKinds, owner, useAdminServer } from '../test/test-server'

const pageTemplate =
  '<!doctype html><html><head><!--head--></head><body><div id="root"></div></body></html>'
const planNames = (response: { body: { name: string }[] }) => response.body.map((p) => p.name)

describe.each(databaseKinds)('public reads from memory on %s', (kind) => {
  const t = useAdminServer(kind, { pageTemplate })
  const visitor = () => createClient(t.server.baseUrl)

  it('answers 304 to a visitor who holds the current plans or page of posts', async () => {
    for (const title of ['One', 'Two', 'Three']) {
      await t.admin.post('/api/blog-posts', {
        title: `${title} ${kind}`,
        content: 'Text',
        published: true,
      })
    }
    for (const path of ['/api/plans', '/api/blog-posts?published=true&limit=2']) {
      const first = await visitor().get(path)
      const etag = first.headers.get('etag')!
      expect(etag).toMatch(/^"[\w-]+"$/)
      const again = await visitor().get(path)
      expect(again.headers.get('etag')).toBe(etag)
      // The page's headers are kept with its body.
      expect(again.headers.get('x-next-cursor')).toBe(first.headers.get('x-next-cursor'))
      for (const held of [etag, `W/${etag}`, `"other", ${etag}`]) {
        const response = await createClient(t.server.baseUrl, { 'if-none-match': held }).get(path)
        expect(response.status).toBe(304)
      }
    }
    const page = await visitor().get('/api/blog-posts?published=true&limit=2')
    expect(page.body).toHaveLength(2)
    expect(page.headers.get('x-next-cursor')).toBeTruthy()
  })

  it("shows an admin's change to the plans on the next public read", async () => {
    const before = await visitor().get('/api/plans')
    const { status, body: plan } = await t.admin.post('/api/plans', {
      name: 'Flash Pass',
      price: 3,
    })
    expect(status).toBe(201)
    const created = await visitor().get('/api/plans')
    expect(planNames(created)).toContain('Flash Pass')
    expect(created.headers.get('etag')).not.toBe(before.headers.get('etag'))

    await t.admin.put(`/api/plans/${plan.id}`, { name: 'Flash Pass Plus', price: 4 })
    expect(planNames(await visitor().get('/api/plans'))).toContain('Flash Pass Plus')
    await t.admin.put(`/api/plans/${plan.id}`, { name: 'Flash Pass Plus', price: 4, active: false })
    expect(planNames(await visitor().get('/api/plans'))).not.toContain('Flash Pass Plus')
  })

  it('shows a post on the list, by its slug and on its page once published', async () => {
    const slug = `quiet-launch-${kind}`
    const reads = () =>
      Promise.all([
        visitor().get('/api/blog-posts?published=true'),
        visitor().get(`/api/blog-posts/slug/${slug}`),
        visitor().get(`/blog/${slug}`),
        visitor().get('/blog'),
      ])
    const { body: draft } = await t.admin.post('/api/blog-posts', {
      title: 'Quiet Launch',
      slug,
      content: 'Soon',
    })
    const [list, bySlug, page, blog] = await reads()
    expect(list.body.map((p: { slug: string }) => p.slug)).not.toContain(slug)
    expect([bySlug.status, page.status]).toEqual([404, 404])
    expect(blog.body).not.toContain('Quiet Launch')

    expect((await t.admin.put(`/api/blog-posts/${draft.id}/publish`)).status).toBe(200)
    const [listAfter, bySlugAfter, pageAfter, blogAfter] = await reads()
    expect(listAfter.body[0].slug).toBe(slug)
    expect([bySlugAfter.status, pageAfter.status]).toEqual([200, 200])
    expect(pageAfter.body).toContain('Quiet Launch')
    expect(blogAfter.body).toContain('Quiet Launch')
  })
})

describe('a plan changed on one process, read on another (one PostgreSQL)', () => {
  const servers: RunningServer[] = []
  let stop = async () => {}

  beforeAll(async () => {
    const started = await startProcessesOnPostgres(2)
    servers.push(...started.servers)
    stop = started.stop
  }, 120_000)
  afterAll(async () => {
    await stop()
  })

  it('is visible on the other process within a second', async () => {
    const [a, b] = servers as [(typeof servers)[0], (typeof servers)[0]]
    const admin = createClient(a.url)
    await admin.login(owner.username, owner.password)
    const publicOnB = async () => planNames(await createClient(b.url).get('/api/plans'))
    // B keeps its answer in memory from here on.
    expect(await publicOnB()).not.toContain('Cross Pass')

    const { body: plan } = await admin.post('/api/plans', { name: 'Cross Pass', price: 7 })
    await vi.waitFor(async () => expect(await publicOnB()).toContain('Cross Pass'), {
      timeout: 1000,
      interval: 20,
    })
    await admin.put(`/api/plans/${plan.id}`, { name: 'Cross Pass', price: 7, active: false })
    await vi.waitFor(async () => expect(await publicOnB()).not.toContain('Cross Pass'), {
      timeout: 1000,
      interval: 20,
    })
  })
})
