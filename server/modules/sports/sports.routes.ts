import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { apiErrorBody } from '../../../common/api'
import { sportsEvent, sportsEventsQuery, type SportsEvent } from '../../../common/sports'
import { jsonAnswer, type Answer } from '../../lib/public-cache'
import { createSportsService } from './sports.service'

// Kept this long before the service is asked again, so visitors are at most this far behind it.
export const sportsAnswerMaxAgeMs = 10_000

export async function sportsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const sports = createSportsService({
    baseUrl: app.config.sportsApiBase,
    now: app.now,
    log: app.log,
  })
  // The service hands back the same array until a league refreshes: serialized once per refresh.
  const answers = new WeakMap<SportsEvent[], Promise<Answer>>()

  app.get(
    '/api/sports/events',
    {
      config: { public: true },
      // Sent as serialized once per refresh, so the schema describes the answer without shaping it.
      schema: {
        querystring: sportsEventsQuery,
        response: { 200: z.array(sportsEvent), 400: apiErrorBody },
      },
    },
    async (request, reply) =>
      app.publicContent.send(
        request,
        reply,
        { scopes: [], maxAgeMs: sportsAnswerMaxAgeMs },
        async () => {
          const isLanding = request.query.scope === 'landing'
          const events = await (isLanding ? sports.landing() : sports.all())
          let answer = answers.get(events)
          if (!answer) {
            answer = jsonAnswer(events, { 'cache-control': 'public, max-age=60' })
            answers.set(events, answer)
          }
          return answer
        },
      ),
  )
}
