import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { apiErrorBody, idParams } from '../../../common/api'
import {
  blogListQuery,
  blogPost,
  blogPostInput,
  blogStats as blogStatsAnswer,
} from '../../../common/blog'
import { notFound } from '../../lib/http-error'
import { setPageHeaders } from '../../lib/keyset'
import { jsonAnswer } from '../../lib/public-cache'
import { recordRoutes } from '../audit/record-routes'
import { commandContext } from '../audit/command-context'
import { blogPostCommands, publishAction, publishBlogPostCommand } from './blog.commands'
import { blogStats, findBlogPostBySlug, listBlogPosts } from './blog.service'

const slugParams = z.object({ slug: z.string().min(1).max(200) })

export async function blogRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()

  // The public only ever sees published posts; an admin sees drafts unless asking for published.
  app.get(
    '/api/blog-posts',
    {
      config: { public: true },
      schema: {
        querystring: blogListQuery,
        response: { 200: z.array(blogPost), 400: apiErrorBody },
      },
    },
    async (request, reply) => {
      const { limit, cursor } = request.query
      if (request.query.published !== true && request.admin !== null) {
        const page = await listBlogPosts(app.db, { publishedOnly: false, limit, cursor })
        setPageHeaders(reply, page)
        return page.posts
      }
      return app.publicContent.send(request, reply, { scopes: ['blog'] }, async () => {
        const page = await listBlogPosts(app.db, { publishedOnly: true, limit, cursor })
        const headers: Record<string, string> = {}
        setPageHeaders({ header: (name, value) => (headers[name] = String(value)) }, page)
        return jsonAnswer(page.posts, headers)
      })
    },
  )

  app.get('/api/blog-posts/stats', { schema: { response: { 200: blogStatsAnswer } } }, async () =>
    blogStats(app.db),
  )

  app.get(
    '/api/blog-posts/slug/:slug',
    {
      config: { public: true },
      schema: {
        params: slugParams,
        response: { 200: blogPost, 400: apiErrorBody, 404: apiErrorBody },
      },
    },
    async (request, reply) => {
      const find = async (publishedOnly: boolean) => {
        const post = await findBlogPostBySlug(app.db, request.params.slug, { publishedOnly })
        if (!post) throw notFound('Post not found')
        return post
      }
      if (request.admin !== null) return find(false)
      return app.publicContent.send(request, reply, { scopes: ['blog'] }, async () =>
        jsonAnswer(await find(true)),
      )
    },
  )

  recordRoutes(app, {
    path: '/api/blog-posts',
    input: blogPostInput,
    record: blogPost,
    commands: blogPostCommands,
  })

  app.put(
    '/api/blog-posts/:id/publish',
    {
      config: { audit: publishAction },
      schema: { params: idParams, response: { 200: blogPost, 404: apiErrorBody } },
    },
    async (request) => publishBlogPostCommand(commandContext(request), request.params.id),
  )
}
