import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { blogListQuery, blogPostInput } from '../../../common/blog'
import { idParams } from '../../../common/api'
import { notFound } from '../../lib/http-error'
import { setPageHeaders } from '../../lib/keyset'
import {
  blogStats,
  createBlogPost,
  deleteBlogPost,
  findBlogPostBySlug,
  listBlogPosts,
  publishBlogPost,
  updateBlogPost,
} from './blog.service'

const audit = (verb: string) => ({ audit: { action: `blog_post.${verb}`, entity: 'blog_post' } })
const slugParams = z.object({ slug: z.string().min(1).max(200) })

export async function blogRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()

  // The public only ever sees published posts; an admin sees drafts unless asking for published.
  app.get(
    '/api/blog-posts',
    { config: { public: true }, schema: { querystring: blogListQuery } },
    async (request, reply) => {
      const page = await listBlogPosts(app.db, {
        publishedOnly: request.query.published === true || request.admin === null,
        limit: request.query.limit,
        cursor: request.query.cursor,
      })
      setPageHeaders(reply, page)
      return page.posts
    },
  )

  app.get('/api/blog-posts/stats', async () => blogStats(app.db))

  app.get(
    '/api/blog-posts/slug/:slug',
    { config: { public: true }, schema: { params: slugParams } },
    async (request) => {
      const post = await findBlogPostBySlug(app.db, request.params.slug, {
        publishedOnly: request.admin === null,
      })
      if (!post) throw notFound('Post not found')
      return post
    },
  )

  app.post(
    '/api/blog-posts',
    { config: audit('create'), schema: { body: blogPostInput } },
    async (request, reply) =>
      reply.code(201).send(await createBlogPost(app.db, request.body, app.now())),
  )

  app.put(
    '/api/blog-posts/:id',
    { config: audit('update'), schema: { params: idParams, body: blogPostInput } },
    async (request) => updateBlogPost(app.db, request.params.id, request.body, app.now()),
  )

  app.put(
    '/api/blog-posts/:id/publish',
    { config: audit('publish'), schema: { params: idParams } },
    async (request) => publishBlogPost(app.db, request.params.id, app.now()),
  )

  app.delete(
    '/api/blog-posts/:id',
    { config: audit('delete'), schema: { params: idParams } },
    async (request, reply) => {
      await deleteBlogPost(app.db, request.params.id)
      return reply.code(204).send()
    },
  )
}
