import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { apiErrorBody, idParams } from '../../../common/api'
import { createTicketNoteInput, ticketNote } from '../../../common/support'
import { commandContext } from '../audit/command-context'
import { addNoteToTicket, addTicketNoteAction } from './ticket-notes.commands'
import { listTicketNotes } from './ticket-notes.service'

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
      config: { role: 'support', audit: addTicketNoteAction },
      schema: {
        params: idParams,
        body: createTicketNoteInput,
        response: { 201: ticketNote, 400: apiErrorBody, 404: apiErrorBody },
      },
    },
    async (request, reply) => {
      const input = { ticketId: request.params.id, body: request.body.body }
      const note = await addNoteToTicket(commandContext(request), input)
      return reply.code(201).send(note)
    },
  )
}
