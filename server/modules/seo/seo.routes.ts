import type { FastifyInstance, FastifyRequest } from 'fastify'
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
  const open = { config: { public: true } }
  const publishedPosts = async () =>
    (await listBlogPosts(app.db, { publishedOnly: true, limit: feedLimit })).posts

  app.get('/sitemap.xml', open, async (request, reply) =>
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

  app.get('/robots.txt', open, async (request, reply) =>
    reply.type('text/plain; charset=utf-8').send(robotsTxt(siteBaseUrl(app, request))),
  )

  app.get('/rss.xml', open, async (request, reply) =>
    reply
      .type('application/rss+xml; charset=utf-8')
      .send(rssXml(siteBaseUrl(app, request), app.config.brandName, await publishedPosts())),
  )
}
