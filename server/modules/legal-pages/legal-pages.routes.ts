import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  legalPage,
  legalPageInput,
  legalPageParams,
  publishedLegalPages,
} from '../../../common/legal-pages'
import { notFound } from '../../lib/http-error'
import { jsonAnswer } from '../../lib/public-cache'
import { commandContext } from '../audit/command-context'
import { saveLegalPageAction, saveLegalPageCommand } from './legal-pages.commands'
import {
  findPublishedLegalPage,
  listLegalPages,
  listPublishedLegalPages,
} from './legal-pages.service'

const open = { public: true } as const

/**
 * The Privacy Policy and Terms of Service: written by admins in Content & SEO, read by everyone
 * from memory once published (docs/decisions/0010-public-reads-from-memory.md).
 */
export async function legalPagesRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()

  app.get('/api/legal-pages', { schema: { response: { 200: z.array(legalPage) } } }, async () =>
    listLegalPages(app.db),
  )

  // Every public page's footer asks this, so it is answered from memory.
  app.get(
    '/api/legal-pages/published',
    { config: open, schema: { response: { 200: publishedLegalPages } } },
    async (request, reply) =>
      app.publicContent.send(request, reply, { scopes: ['legal'] }, async () =>
        jsonAnswer((await listPublishedLegalPages(app.db)).map((page) => page.slug)),
      ),
  )

  app.get(
    '/api/legal-pages/:slug',
    { config: open, schema: { params: legalPageParams, response: { 200: legalPage } } },
    async (request, reply) =>
      app.publicContent.send(request, reply, { scopes: ['legal'] }, async () => {
        const page = await findPublishedLegalPage(app.db, request.params.slug)
        if (!page) throw notFound('This page has not been written yet')
        return jsonAnswer(page)
      }),
  )

  app.put(
    '/api/legal-pages/:slug',
    {
      config: { audit: saveLegalPageAction },
      schema: { params: legalPageParams, body: legalPageInput, response: { 200: legalPage } },
    },
    async (request) =>
      saveLegalPageCommand(commandContext(request), {
        slug: request.params.slug,
        values: request.body,
      }),
  )
}
