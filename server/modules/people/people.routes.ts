import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { apiErrorBody, idParams } from '../../../common/api'
import {
  createPersonNoteInput,
  personNote,
  personNoteParams,
  personView,
} from '../../../common/people'
import { personViewForSupport, viewFor } from '../../lib/support-views'
import { commandContext } from '../audit/command-context'
import { getPersonView } from './people.service'
import { addNote, deleteNote, personNoteActions } from './person-notes.commands'

/** The Business Center's customer view: one person, and staff's notes on them (support too). */
export async function peopleRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()

  app.get(
    '/api/people/:id',
    {
      config: { role: 'support' },
      schema: { params: idParams, response: { 200: personView, 404: apiErrorBody } },
    },
    async (request) =>
      viewFor(
        request.admin!.role,
        await getPersonView(app.db, request.params.id),
        personViewForSupport,
      ),
  )

  app.post(
    '/api/people/:id/notes',
    {
      config: { role: 'support', audit: personNoteActions.add },
      schema: {
        params: idParams,
        body: createPersonNoteInput,
        response: { 201: personNote, 400: apiErrorBody, 404: apiErrorBody },
      },
    },
    async (request, reply) => {
      const input = { personId: request.params.id, body: request.body.body }
      const note = await addNote(commandContext(request), input)
      return reply.code(201).send(note)
    },
  )

  app.delete(
    '/api/people/:id/notes/:noteId',
    {
      config: { role: 'support', audit: personNoteActions.remove },
      schema: { params: personNoteParams, response: { 204: z.null(), 404: apiErrorBody } },
    },
    async (request, reply) => {
      const { id, noteId } = request.params
      await deleteNote(commandContext(request), { personId: id, noteId })
      return reply.code(204).send(null)
    },
  )
}
