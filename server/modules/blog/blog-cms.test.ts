import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createClient } from '../../test/http-client'
import { postgresOnly, owner, startTestServer, type TestServer } from '../../test/test-server'

describe.each(postgresOnly)('blog CMS API on %s', (kind) => {
  let server: TestServer
  let admin: ReturnType<typeof createClient>
  let clock = new Date('2026-11-01T09:00:00Z')

  beforeAll(async () => {
    server = await startTestServer(kind, { now: () => clock })
    admin = createClient(server.baseUrl)
    await admin.login(owner.username, owner.password)
  })
  afterAll(() => server.close())

  it('creates a draft with a slug made from the title', async () => {
    const response = await admin.post('/api/blog-posts', {
      title: 'Top 10 Streams: 2026!',
      content: 'Hello',
    })
    expect(response.status).toBe(201)
    expect(response.body).toMatchObject({
      slug: 'top-10-streams-2026',
      published: false,
      publishedAt: null,
      tags: [],
    })
    expect(
      (await createClient(server.baseUrl).get('/api/blog-posts/slug/top-10-streams-2026')).status,
    ).toBe(404)
  })

  it('answers 409 when the slug is taken, and 400 naming the field for bad input', async () => {
    const clash = await admin.post('/api/blog-posts', {
      title: 'Top 10 Streams 2026',
      content: 'Again',
    })
    expect(clash.status).toBe(409)
    expect(clash.body).toEqual({ message: 'A post with this slug already exists' })
    const bad = await admin.post('/api/blog-posts', { title: '', content: 'x', slug: 'Bad Slug' })
    expect(bad.status).toBe(400)
    expect(bad.body.issues).toEqual([
      { path: 'title', message: 'Title is required' },
      { path: 'slug', message: 'Slug may only contain lowercase letters, digits and hyphens' },
    ])
  })

  it('refuses a featured image that is not an http(s) address, naming the field', async () => {
    const answer = await admin.post('/api/blog-posts', {
      title: 'Image trick',
      content: 'x',
      featuredImage: 'javascript:alert(document.cookie)',
    })
    expect(answer.status).toBe(400)
    expect(answer.body.issues).toEqual([
      {
        path: 'featuredImage',
        message: 'Featured image must be a web address starting with http:// or https://',
      },
    ])
  })

  it('publishes a post, keeping its first publication date, and the public can read it', async () => {
    const { body: post } = await admin.post('/api/blog-posts', {
      title: 'Launch Day',
      content: 'Line one\nLine two',
    })
    const published = await admin.put(`/api/blog-posts/${post.id}/publish`)
    expect(published.body).toMatchObject({ published: true, publishedAt: clock.toISOString() })
    clock = new Date(clock.getTime() + 60_000)
    const again = await admin.put(`/api/blog-posts/${post.id}/publish`)
    expect(again.body.publishedAt).toBe(published.body.publishedAt)
    const publicView = await createClient(server.baseUrl).get('/api/blog-posts/slug/launch-day')
    expect(publicView.body.content).toBe('Line one\nLine two')
    const feed = await createClient(server.baseUrl).get('/rss.xml')
    expect(feed.body).toContain('/blog/launch-day')
  })

  it('updates and deletes a post', async () => {
    const { body: post } = await admin.post('/api/blog-posts', { title: 'Draft One', content: 'x' })
    const updated = await admin.put(`/api/blog-posts/${post.id}`, {
      title: 'Draft One Revised',
      content: 'y',
      slug: 'draft-one',
      tags: ['news'],
      published: true,
    })
    expect(updated.body).toMatchObject({
      title: 'Draft One Revised',
      slug: 'draft-one',
      tags: ['news'],
      published: true,
    })
    expect(updated.body.publishedAt).not.toBeNull()
    expect((await admin.delete(`/api/blog-posts/${post.id}`)).status).toBe(204)
    expect((await admin.delete(`/api/blog-posts/${post.id}`)).status).toBe(404)
  })

  it.each([
    ['POST', '/api/blog-posts'],
    ['PUT', '/api/blog-posts/00000000-0000-4000-8000-000000000000'],
    ['PUT', '/api/blog-posts/00000000-0000-4000-8000-000000000000/publish'],
    ['DELETE', '/api/blog-posts/00000000-0000-4000-8000-000000000000'],
  ])('refuses anonymous %s %s', async (method, path) => {
    expect((await createClient(server.baseUrl).request(method, path, {})).status).toBe(401)
  })
})
