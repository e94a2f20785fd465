import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { apiErrorBody, idParams } from '../../../common/api'
import {
  createTicketInput,
  listTicketsQuery,
  lobbyQuery,
  lobbyTicket,
  supportTicket,
  updateTicketInput,
} from '../../../common/support'
import { setPageHeaders } from '../../lib/keyset'
import { commandContext } from '../audit/command-context'
import { limitPerIp, publicWriteLimits } from '../rate-limits/limits'
import { listLobby, markTicketRead } from './lobby.service'
import { changeTicket, openTicket, updateTicketAction } from './tickets.commands'
import { listTickets, requireTicket } from './tickets.service'

export async function ticketsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()

  app.post(
    '/api/support-tickets',
    {
      config: { public: true, personal: true },
      schema: {
        body: createTicketInput,
        response: { 201: supportTicket, 400: apiErrorBody, 429: apiErrorBody },
      },
      preHandler: limitPerIp(app, publicWriteLimits.supportTicket),
    },
    async (request, reply) =>
      reply.code(201).send(await openTicket(commandContext(request), request.body)),
  )

  // The ticket id is the customer's capability: whoever holds it may read the ticket.
  app.get(
    '/api/support-tickets/:id',
    {
      config: { public: true, personal: true },
      schema: { params: idParams, response: { 200: supportTicket, 404: apiErrorBody } },
    },
    async (request) => requireTicket(app.db, request.params.id),
  )

  app.get(
    '/api/support-tickets',
    {
      config: { role: 'support' },
      schema: {
        querystring: listTicketsQuery,
        response: { 200: z.array(supportTicket), 400: apiErrorBody },
      },
    },
    async (request, reply) => {
      const { status, limit, cursor } = request.query
      const page = await listTickets(app.db, {
        statuses: status?.length ? status : null,
        limit,
        cursor,
      })
      setPageHeaders(reply, page)
      return page.tickets
    },
  )

  app.get(
    '/api/support-tickets/lobby',
    {
      config: { role: 'support' },
      schema: {
        querystring: lobbyQuery,
        response: { 200: z.array(lobbyTicket), 400: apiErrorBody },
      },
    },
    async (request) =>
      listLobby(app.db, { view: request.query.view, username: request.admin!.username }),
  )

  app.patch(
    '/api/support-tickets/:id',
    {
      config: { role: 'support', audit: updateTicketAction },
      schema: {
        params: idParams,
        body: updateTicketInput,
        response: { 200: supportTicket, 400: apiErrorBody, 404: apiErrorBody },
      },
    },
    async (request) =>
      changeTicket(commandContext(request), { id: request.params.id, changes: request.body }),
  )

  app.post(
    '/api/support-tickets/:id/read',
    {
      config: { role: 'support', audit: false },
      schema: { params: idParams, response: { 204: z.null(), 404: apiErrorBody } },
    },
    async (request, reply) => {
      await markTicketRead(app.db, request.params.id, app.now())
      return reply.code(204).send(null)
    },
  )
}
