import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { idParams, pageQuery } from '../../../common/api'
import { createTicketInput, ticketStatuses, updateTicketInput } from '../../../common/support'
import { setPageHeaders } from '../../lib/keyset'
import { inAuditedTransaction } from '../../plugins/audit'
import { limitPerIp, publicWriteLimits } from '../../plugins/rate-limit'
import {
  createTicket,
  listLobby,
  listTickets,
  markTicketRead,
  requireTicket,
  updateTicket,
} from './tickets.service'

const listQuery = pageQuery.extend({
  status: z
    .string()
    .transform((text) => text.split(',').filter(Boolean))
    .pipe(
      z.array(
        z.enum(ticketStatuses, { error: 'status must be open, in_progress, resolved or closed' }),
      ),
    )
    .optional(),
})

export async function ticketsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()

  app.post(
    '/api/support-tickets',
    {
      config: { public: true },
      schema: { body: createTicketInput },
      preHandler: limitPerIp(app, publicWriteLimits.supportTicket),
    },
    async (request, reply) =>
      reply.code(201).send(await createTicket(app.db, app.bus, request.body, app.now())),
  )

  // The ticket id is the customer's capability: whoever holds it may read the ticket.
  app.get(
    '/api/support-tickets/:id',
    { config: { public: true }, schema: { params: idParams } },
    async (request) => requireTicket(app.db, request.params.id),
  )

  app.get(
    '/api/support-tickets',
    { schema: { querystring: listQuery } },
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

  app.get('/api/support-tickets/lobby', async () => listLobby(app.db))

  app.patch(
    '/api/support-tickets/:id',
    {
      config: { audit: { action: 'ticket.update', entity: 'support_ticket' } },
      schema: { params: idParams, body: updateTicketInput },
    },
    async (request) => {
      const ticket = await inAuditedTransaction(request, (tx) =>
        updateTicket(tx, request.params.id, request.body, app.now()),
      )
      // The ticket's customer and every admin see it at once.
      await app.bus.publish({ kind: 'ticket_updated', ticket })
      return ticket
    },
  )

  app.post(
    '/api/support-tickets/:id/read',
    { config: { audit: false }, schema: { params: idParams } },
    async (request, reply) => {
      await markTicketRead(app.db, request.params.id, app.now())
      return reply.code(204).send()
    },
  )
}
