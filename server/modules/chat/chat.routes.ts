import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { sendChatMessageInput } from '../../../common/support'
import { limitPerIp, publicWriteLimits } from '../../plugins/rate-limit'
import { requireTicket } from '../tickets/tickets.service'
import { listChatMessages, sendChatMessage } from './chat.service'

const ticketId = z.uuid({ error: 'ticketId must be a valid ticket ID' })
const lastOnly = z
  .enum(['true', 'false'], { error: 'lastOnly must be true or false' })
  .transform((value) => value === 'true')
  .default(false)

export async function chatRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()

  const history = async (id: string, isLastOnly: boolean) => {
    await requireTicket(app.db, id)
    return listChatMessages(app.db, id, { lastOnly: isLastOnly })
  }

  // Readable by whoever knows the ticket id (spec §7 names both forms).
  app.get(
    '/api/chat-messages/:ticketId',
    {
      config: { public: true },
      schema: { params: z.object({ ticketId }), querystring: z.object({ lastOnly }) },
    },
    async (request) => history(request.params.ticketId, request.query.lastOnly),
  )
  app.get(
    '/api/chat-messages',
    { config: { public: true }, schema: { querystring: z.object({ ticketId, lastOnly }) } },
    async (request) => history(request.query.ticketId, request.query.lastOnly),
  )

  app.post(
    '/api/chat-messages',
    {
      config: { public: true },
      schema: { body: sendChatMessageInput },
      preHandler: limitPerIp(app, publicWriteLimits.chatMessage),
    },
    async (request, reply) => {
      const sender = request.admin ? ({ kind: 'admin' } as const) : ({ kind: 'customer' } as const)
      return reply
        .code(201)
        .send(await sendChatMessage(app.db, app.bus, sender, request.body, app.now()))
    },
  )
}
