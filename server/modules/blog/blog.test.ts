import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { insertBlogPost } from '../../test/blog-fixtures'
import { createClient } from '../../test/http-client'
import { postgresOnly, owner, startTestServer, type TestServer } from '../../test/test-server'

describe.each(postgresOnly)('public blog API on %s', (kind) => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer(kind)
    const day = (n: number) => new Date(Date.UTC(2026, 10, n))
    await insertBlogPost(server.app.db, { title: 'First Post', publishedAt: day(1) })
    await insertBlogPost(server.app.db, {
      title: 'Second Post',
      publishedAt: day(2),
      tags: ['news'],
    })
    await insertBlogPost(server.app.db, { title: 'Third Post', publishedAt: day(3) })
    await insertBlogPost(server.app.db, { title: 'Secret Draft', published: false })
  })
  afterAll(() => server.close())

  it('lists published posts newest first, limited on request', async () => {
    const all = await createClient(server.baseUrl).get('/api/blog-posts?published=true')
    expect(all.body.map((p: any) => p.title)).toEqual(['Third Post', 'Second Post', 'First Post'])
    const latest = await createClient(server.baseUrl).get('/api/blog-posts?published=true&limit=2')
    expect(latest.body.map((p: any) => p.title)).toEqual(['Third Post', 'Second Post'])
  })

  it('pages published posts by publication date with the cursor header', async () => {
    const reader = createClient(server.baseUrl)
    const first = await reader.get('/api/blog-posts?published=true&limit=2')
    const cursor = first.headers.get('x-next-cursor')
    expect(cursor).toBeTruthy()
    const second = await reader.get(`/api/blog-posts?published=true&limit=2&cursor=${cursor}`)
    expect(second.body.map((p: any) => p.title)).toEqual(['First Post'])
    expect(second.headers.get('x-next-cursor')).toBeNull()
    const bad = await reader.get('/api/blog-posts?cursor=nonsense')
    expect(bad.status).toBe(400)
    expect(bad.body.message).toBe('cursor is not valid')
  })

  it('never shows a draft to the public, even when not asking for published posts', async () => {
    const { body } = await createClient(server.baseUrl).get('/api/blog-posts')
    expect(body.map((p: any) => p.title)).not.toContain('Secret Draft')
    expect(
      (await createClient(server.baseUrl).get('/api/blog-posts/slug/secret-draft')).status,
    ).toBe(404)
  })

  it('shows an admin every post', async () => {
    const admin = createClient(server.baseUrl)
    await admin.login(owner.username, owner.password)
    const { body } = await admin.get('/api/blog-posts')
    expect(body.map((p: any) => p.title)).toContain('Secret Draft')
    expect((await admin.get('/api/blog-posts?published=true')).body).toHaveLength(3)
    expect((await admin.get('/api/blog-posts/stats')).body).toEqual({
      total: 4,
      published: 3,
      drafts: 1,
    })
    expect((await createClient(server.baseUrl).get('/api/blog-posts/stats')).status).toBe(401)
  })

  it('finds a published post by slug, with its line breaks intact', async () => {
    const response = await createClient(server.baseUrl).get('/api/blog-posts/slug/second-post')
    expect(response.status).toBe(200)
    expect(response.body).toMatchObject({
      title: 'Second Post',
      tags: ['news'],
      content: 'Second Post\nSecond line of the article.',
    })
  })

  it('answers an unknown slug with 404 and a bad limit with 400', async () => {
    const missing = await createClient(server.baseUrl).get('/api/blog-posts/slug/nope')
    expect(missing.status).toBe(404)
    expect(missing.body).toEqual({ message: 'Post not found' })
    const badLimit = await createClient(server.baseUrl).get('/api/blog-posts?limit=0')
    expect(badLimit.status).toBe(400)
    expect(badLimit.body.issues[0].path).toBe('limit')
  })
})
