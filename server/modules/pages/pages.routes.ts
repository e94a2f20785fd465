import fastifyStatic from '@fastify/static'
import type { FastifyInstance } from 'fastify'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { siteConfigTag } from '../../../common/site-config'
import { webDistDir } from '../../lib/app-root'
import { pageContent } from '../seo/page-content'
import { renderHead } from '../seo/page-head'
import { siteBaseUrl } from '../seo/seo.routes'

const headPlaceholder = '<!--head-->'
const emptyRoot = '<div id="root"></div>'

/**
 * Serves the built web app: hashed assets cached for a year, and for every page the HTML with
 * its title, meta tags, JSON-LD and readable content filled in by the server, answering 404 for
 * unknown paths and posts. Without a build (tests, `npm run dev`) only the API is served.
 * Registered on the root instance, as it owns the 404 handler.
 */
export async function registerPages(app: FastifyInstance) {
  const indexPath = join(webDistDir, 'index.html')
  const template = existsSync(indexPath) ? readFileSync(indexPath, 'utf8') : null
  const siteConfig = siteConfigTag({
    brandName: app.config.brandName,
    supportEmail: app.config.supportEmail,
  })

  if (template !== null) {
    const assetsDir = join(webDistDir, 'assets')
    await app.register(fastifyStatic, {
      root: webDistDir,
      index: false,
      // One route per built file: unknown paths fall through to the handler below.
      wildcard: false,
      setHeaders(res, path) {
        const isHashed = path.startsWith(assetsDir)
        res.header('cache-control', isHashed ? 'public, max-age=31536000, immutable' : 'no-cache')
      },
    })
  }

  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0] ?? '/'
    const isPage = request.method === 'GET' || request.method === 'HEAD'
    if (template === null || !isPage || path.startsWith('/api/')) {
      return reply.code(404).send({ message: `Route ${request.method} ${path} not found` })
    }
    const content = await pageContent(path, {
      db: app.db,
      baseUrl: siteBaseUrl(app, request),
      brandName: app.config.brandName,
    })
    const html = template
      .replace(
        headPlaceholder,
        `${siteConfig}\n    ${renderHead(content.head, app.config.brandName)}`,
      )
      .replace(emptyRoot, `<div id="root">${content.body}</div>`)
    return reply
      .code(content.status)
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(html)
  })
}
