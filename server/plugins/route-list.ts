import type { FastifyInstance, RouteOptions } from 'fastify'

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Every route registered after `registerRouteList`, with its final options (config
     * included), one entry per method: the access tests walk it, so none can be forgotten.
     */
    routeList: { method: string; route: RouteOptions }[]
  }
}

/** Records each route as it is registered; must come before any plugin that adds routes. */
export function registerRouteList(app: FastifyInstance) {
  const routes: FastifyInstance['routeList'] = []
  app.decorate('routeList', routes)
  // Later onRoute hooks may still change `route.config`: keep the options object, not a copy.
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) routes.push({ method, route })
  })
}
