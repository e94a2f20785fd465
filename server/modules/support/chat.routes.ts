import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { apiErrorBody } from '../../../common/api'
import {
  chatHistoryByTicketQuery,
  chatMessage,
  chatHistoryParams,
  chatHistoryQuery,
  sendChatMessageInput,
} from '../../../common/support'
import { listChatMessages, sendChatMessage } from './chat.service'
import { requireTicket } from './tickets.service'

export async function chatRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()

  const history = async (id: string, isLastOnly: boolean) => {
    const ticket = await requireTicket(app.db, id)
    return listChatMessages(app.db, ticket, { lastOnly: isLastOnly })
  }

  const historyAnswers = { 200: z.array(chatMessage), 400: apiErrorBody, 404: apiErrorBody }

  // Readable by whoever knows the ticket id (the specification names both forms).
  app.get(
    '/api/chat-messages/:ticketId',
    {
      config: { public: true, personal: true },
      schema: {
        params: chatHistoryParams,
        querystring: chatHistoryQuery,
        response: historyAnswers,
      },
    },
    async (request) => history(request.params.ticketId, request.query.lastOnly),
  )
  app.get(
    '/api/chat-messages',
    {
      config: { public: true, personal: true },
      schema: { querystring: chatHistoryByTicketQuery, response: historyAnswers },
    },
    async (request) => history(request.query.ticketId, request.query.lastOnly),
  )

  app.post(
    '/api/chat-messages',
    {
      config: { public: true, personal: true },
      // 403: a customer sending as admin; 409: a clientMessageId used for another message.
      schema: {
        body: sendChatMessageInput,
        response: {
          201: chatMessage,
          400: apiErrorBody,
          403: apiErrorBody,
          404: apiErrorBody,
          409: apiErrorBody,
          429: apiErrorBody,
        },
      },
    },
    async (request, reply) => {
      const sender = request.admin
        ? ({ kind: 'admin', adminId: request.admin.id } as const)
        : ({ kind: 'customer', ip: request.ip } as const)
      return reply.code(201).send(await sendChatMessage(app, sender, request.body))
    },
  )
}
