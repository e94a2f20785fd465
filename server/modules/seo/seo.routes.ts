import type { FastifyInstance, FastifyRequest } from 'fastify'
import { textAnswer } from '../../lib/text-answer'
import { listBlogPosts } from '../blog/blog.service'
import { listPublishedLegalPages } from '../legal-pages/legal-pages.service'
import { robotsTxt, rssXml, sitemapXml } from './feeds'

/** PUBLIC_URL when configured, otherwise the address the request came to. */
export function siteBaseUrl(app: FastifyInstance, request: FastifyRequest): string {
  return app.config.publicUrl ?? `${request.protocol}://${request.host}`
}

// Feeds list every published post; more than this belongs in a sitemap index.
const feedLimit = 1000

export async function seoRoutes(app: FastifyInstance) {
  const open = (contentType: string, description: string) => ({
    config: { public: true },
    schema: { response: { 200: textAnswer(contentType, description) } },
  })
  const publishedPosts = async () =>
    (await listBlogPosts(app.db, { publishedOnly: true, limit: feedLimit })).posts

  const sitemap = open('application/xml', 'Every public page and published post.')
  app.get('/sitemap.xml', sitemap, async (request, reply) =>
    reply
      .type('application/xml; charset=utf-8')
      .send(
        sitemapXml(
          siteBaseUrl(app, request),
          await publishedPosts(),
          await listPublishedLegalPages(app.db),
        ),
      ),
  )

  const robots = open('text/plain', 'What crawlers may read, and where the sitemap is.')
  app.get('/robots.txt', robots, async (request, reply) =>
    reply.type('text/plain; charset=utf-8').send(robotsTxt(siteBaseUrl(app, request))),
  )

  const rss = open('application/rss+xml', 'The published posts, newest first.')
  app.get('/rss.xml', rss, async (request, reply) =>
    reply
      .type('application/rss+xml; charset=utf-8')
      .send(rssXml(siteBaseUrl(app, request), app.config.brandName, await publishedPosts())),
  )
}
