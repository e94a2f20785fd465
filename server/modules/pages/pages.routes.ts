import fastifyStatic from '@fastify/static'
import type { FastifyInstance } from 'fastify'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { isAppRoute } from '../../../common/routes'
import { siteConfigTag } from '../../../common/site-config'
import { webDistDir } from '../../lib/app-root'

const siteConfigPlaceholder = '<!--site-config-->'

/**
 * Serves the built web app: hashed assets cached for a year, and index.html for every page,
 * answering 404 for paths the app does not know. Without a build (tests, `npm run dev`) only
 * the API is served. Registered on the root instance, as it owns the 404 handler.
 */
export async function registerPages(app: FastifyInstance) {
  const indexPath = join(webDistDir, 'index.html')
  const indexHtml = existsSync(indexPath)
    ? readFileSync(indexPath, 'utf8').replace(
        siteConfigPlaceholder,
        siteConfigTag({ brandName: app.config.brandName, supportEmail: app.config.supportEmail }),
      )
    : null

  if (indexHtml !== null) {
    await app.register(fastifyStatic, {
      root: webDistDir,
      index: false,
      // One route per built file: unknown paths fall through to the handler below.
      wildcard: false,
      setHeaders(res, path) {
        const isHashed = path.includes(`${join(webDistDir, 'assets')}`)
        res.header('cache-control', isHashed ? 'public, max-age=31536000, immutable' : 'no-cache')
      },
    })
  }

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/'
    const isPage = request.method === 'GET' || request.method === 'HEAD'
    if (indexHtml === null || !isPage || path.startsWith('/api/')) {
      return reply.code(404).send({ message: `Route ${request.method} ${path} not found` })
    }
    return reply
      .code(isAppRoute(path) ? 200 : 404)
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(indexHtml)
  })
}
