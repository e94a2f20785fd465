import swagger from '@fastify/swagger'
import type { FastifyInstance } from 'fastify'
import { jsonSchemaTransform } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { routeAccess } from './route-access'

/**
 * Collects every route's zod schemas into an OpenAPI 3.1 document as routes are registered; must
 * come before the routes. `GET /api/openapi.json` (staff) answers it with each operation's
 * `x-access`: who may call it (`public`, `support`, `admin` or `super_admin`, and every role
 * above the one named).
 */
export async function registerOpenApi(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'StreamLine API',
        version: '1',
        description:
          'Staff routes need the session cookie from POST /api/admin/login; `x-access` on each ' +
          'operation says which role may call it.',
      },
    },
    transform: jsonSchemaTransform,
    exposeHeadRoutes: false,
  })
}

export async function openApiRoutes(app: FastifyInstance) {
  let document: Record<string, unknown> | null = null
  app.get(
    '/api/openapi.json',
    {
      schema: {
        description: 'This document: every route with its parameters, body, answers and access.',
        response: { 200: z.record(z.string(), z.unknown()) },
      },
    },
    async () => (document ??= withAccess(app)),
  )
}

type Operation = Record<string, unknown>

function withAccess(app: FastifyInstance) {
  const spec = structuredClone(app.swagger()) as Record<string, unknown> & {
    paths?: Record<string, Record<string, Operation>>
  }
  const openApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}')
  for (const { method, route } of app.routeList) {
    const operation = spec.paths?.[openApiPath(route.url)]?.[method.toLowerCase()]
    if (!operation) continue
    operation['x-access'] = routeAccess(route.config)
    operation.tags = [areaOf(route.url)]
  }
  return spec
}

/**
 * The area an address belongs to, its first segment after /api (`trial-requests`, `account`…):
 * operations are grouped by it, so that a reader opens one area of some 160 operations at a time.
 */
function areaOf(url: string): string {
  return /^\/api\/([^/]+)/.exec(url)?.[1] ?? 'pages'
}
