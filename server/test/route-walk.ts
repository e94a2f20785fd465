import { randomUUID } from 'node:crypto'
import type { FastifyInstance } from 'fastify'

export type WalkedRoute = {
  method: string
  /** The route as declared, e.g. /api/plans/:id. */
  url: string
  /** A concrete path for it: each parameter a fresh UUID. */
  path: string
  isPublic: boolean
  /** A customer's own route (`/api/account…`): it needs the customer's session. */
  isCustomer: boolean
}

const mutationMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

/** Every route the app registered (from `app.routeList`), ready to be requested. */
export function walkRoutes(app: FastifyInstance): WalkedRoute[] {
  return app.routeList.map(({ method, route }) => ({
    method,
    url: route.url,
    path: route.url.replace(/:\w+/g, () => randomUUID()).replace('*', 'anything'),
    isPublic: route.config?.public === true,
    isCustomer: route.config?.customer === true,
  }))
}

export const isMutation = (route: WalkedRoute) => mutationMethods.has(route.method)
