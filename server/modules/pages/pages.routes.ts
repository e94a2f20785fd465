import fastifyStatic from '@fastify/static'
import type { FastifyInstance } from 'fastify'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { RenderedPage } from '../../../common/page-rendering'
import { siteConfigTag } from '../../../common/site-config'
import { themeInitTag } from '../../../common/theme-init'
import { webDistDir } from '../../lib/app-root'
import {
  databaseRetryAfterSeconds,
  databaseUnavailableMessage,
  isDatabaseUnavailable,
} from '../../lib/database-errors'
import { createAnswer } from '../../lib/public-cache'
import { isApiPath } from '../../lib/request-path'
import { pageContent, unavailablePage } from '../seo/page-content'
import { renderHead } from '../seo/page-head'
import { siteBaseUrl } from '../seo/seo.routes'
import { sportsAnswerMaxAgeMs } from '../sports/sports.routes'
import { inlineStylesheets } from './inline-stylesheets'
import { innerApiFetch } from './inner-api-fetch'
import { loadPageRenderer } from './page-renderer'

export type PagesOptions = {
  /** The app's HTML shell instead of the build's, so tests render pages without building. */
  template?: string
}

const headPlaceholder = '<!--head-->'
const emptyRoot = '<div id="root"></div>'

// The pages that show sports events age with them; the others only change with an admin's edit.
const sportsPaths = new Set(['/', '/sports'])

/**
 * Serves the built web app: hashed assets cached for a year, precompressed, and for every page
 * the HTML with its title, meta tags and JSON-LD, and the public pages rendered by the web app's
 * own components with the data they were rendered with (kept in memory until what they show
 * changes), answering 404 for unknown paths and posts, 503 while the database is unreachable.
 * The Business Center gets the bare shell: it is a client app. Without a build (tests,
 * `npm run dev`) and without `options.template`, only the API is served.
 * Registered on the root instance, as it owns the 404 handler.
 */
export async function registerPages(app: FastifyInstance, options: PagesOptions = {}) {
  const indexPath = join(webDistDir, 'index.html')
  const hasBuild = existsSync(indexPath)
  const template = options.template ?? (hasBuild ? readFileSync(indexPath, 'utf8') : null)
  const siteConfig = { brandName: app.config.brandName, supportEmail: app.config.supportEmail }
  const headStart = `${siteConfigTag(siteConfig)}\n    ${themeInitTag}`
  const renderPage = template === null ? null : await loadPageRenderer()
  const sharedMarkup = new Map<string, Promise<RenderedPage>>()
  const renderShared = (key: string, render: () => Promise<RenderedPage>) => {
    let pending = sharedMarkup.get(key)
    if (!pending) {
      pending = render()
      sharedMarkup.set(key, pending)
      // A failed render is tried again by the next request.
      pending.catch(() => sharedMarkup.delete(key))
    }
    return pending
  }
  // Every page's footer links the legal pages that have content: the shared 404 page too.
  const forgetSharedMarkup = () => sharedMarkup.clear()
  app.bus.subscribe((event) => {
    if (event.kind === 'public_content_changed' && event.scope === 'legal') forgetSharedMarkup()
  })
  app.bus.onResync(forgetSharedMarkup)
  const publicPageTemplate =
    template !== null && hasBuild ? inlineStylesheets(template, webDistDir) : template

  if (hasBuild) {
    const assetsDir = join(webDistDir, 'assets')
    await app.register(async (files) => {
      // The built files are the public site; every route is admin-only unless it says so.
      files.addHook('onRoute', (route) => {
        route.config = { ...route.config, public: true, builtFile: true }
      })
      await files.register(fastifyStatic, {
        root: webDistDir,
        index: false,
        // One route per built file: unknown paths fall through to the handler below.
        wildcard: false,
        // The build's .br and .gz copies (scripts/precompress.mjs) are sent in their place.
        preCompressed: true,
        globIgnore: ['**/*.br', '**/*.gz'],
        setHeaders(res, path) {
          const isHashed = path.startsWith(assetsDir)
          res.header('cache-control', isHashed ? 'public, max-age=31536000, immutable' : 'no-cache')
        },
      })
    })
  }

  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0] ?? '/'
    const isPage = request.method === 'GET' || request.method === 'HEAD'
    // Judged on every spelling (`/API/…`, `/%2561pi/…`): an API path never gets a page.
    if (template === null || renderPage === null || !isPage || isApiPath(path)) {
      return reply.code(404).send({ message: `Route ${request.method} ${path} not found` })
    }
    const baseUrl = siteBaseUrl(app, request)
    // Everything public that a page may show.
    const keep = {
      scopes: ['plans', 'blog', 'legal'],
      ...(sportsPaths.has(path) ? { maxAgeMs: sportsAnswerMaxAgeMs } : {}),
    } as const
    return app.publicContent.send(request, reply, keep, async () => {
      const context = { db: app.db, baseUrl, brandName: app.config.brandName }
      const content = await pageContent(path, context).catch((error: unknown) => {
        if (!isDatabaseUnavailable(error)) throw error
        request.log.warn({ err: error }, 'Database unreachable')
        return unavailablePage(context, path, databaseUnavailableMessage)
      })
      const render = () => renderPage({ path, siteConfig, fetchApi: innerApiFetch(app, request) })
      const sharedKey = content.sharedMarkupKey
      const root = !content.isServerRendered
        ? null
        : await (sharedKey ? renderShared(sharedKey, render) : render())
      const html = (root ? publicPageTemplate : template)!
        // Functions, not strings: a `$&` in a post must not be read as a replacement pattern.
        .replace(
          headPlaceholder,
          () => `${headStart}\n    ${renderHead(content.head, app.config.brandName)}`,
        )
        .replace(emptyRoot, () =>
          root ? `<div id="root">${root.html}</div>${root.stateTags}` : emptyRoot,
        )
      const headers: Record<string, string> = { 'cache-control': 'no-cache' }
      if (content.status === 503) headers['retry-after'] = String(databaseRetryAfterSeconds)
      return createAnswer(html, 'text/html; charset=utf-8', { status: content.status, headers })
    })
  })
}
