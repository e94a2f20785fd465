import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { sportsEventsQuery } from '../../../common/sports'
import { createSportsService } from './sports.service'

export async function sportsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const sports = createSportsService({
    baseUrl: app.config.sportsApiBase,
    now: app.now,
    log: app.log,
  })

  app.get(
    '/api/sports/events',
    { config: { public: true }, schema: { querystring: sportsEventsQuery } },
    async (request, reply) => {
      reply.header('cache-control', 'public, max-age=60')
      return request.query.scope === 'landing' ? sports.landing() : sports.all()
    },
  )
}
