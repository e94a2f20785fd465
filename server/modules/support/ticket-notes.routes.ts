import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { apiErrorBody, idParams } from '../../../common/api'
import { createTicketNoteInput, ticketNote } from '../../../common/support'
import { auditAs, inAuditedTransaction } from '../audit/audited-transaction'
import { addTicketNote, listTicketNotes } from './ticket-notes.service'

/** Agents' private notes in a chat: admin-only routes, told to admin sockets only. */
export async function ticketNotesRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()

  app.get(
    '/api/support-tickets/:id/notes',
    {
      config: { role: 'support' },
      schema: { params: idParams, response: { 200: z.array(ticketNote), 404: apiErrorBody } },
    },
    async (request) => listTicketNotes(app.db, request.params.id),
  )

  app.post(
    '/api/support-tickets/:id/notes',
    {
      config: { role: 'support', ...auditAs('support_ticket')('add_note') },
      schema: {
        params: idParams,
        body: createTicketNoteInput,
        response: { 201: ticketNote, 400: apiErrorBody, 404: apiErrorBody },
      },
    },
    async (request, reply) => {
      const note = await inAuditedTransaction(
        request,
        (tx) =>
          addTicketNote(
            tx,
            request.params.id,
            { body: request.body.body, authorUsername: request.admin!.username },
            app.now(),
          ),
        { entityId: request.params.id },
      )
      await app.bus.publish({ kind: 'ticket_note', note })
      return reply.code(201).send(note)
    },
  )
}
