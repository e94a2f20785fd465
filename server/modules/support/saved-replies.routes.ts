import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { apiErrorBody, idParams } from '../../../common/api'
import { z } from 'zod'
import { savedReply, saveSavedReplyInput } from '../../../common/saved-replies'
import { commandContext } from '../audit/command-context'
import { savedReplyCommands as commands } from './saved-replies.commands'
import { listSavedReplies } from './saved-replies.service'

const { actions } = commands

/** Saved replies, shared by every agent and managed in Support (admins only). */
export async function savedRepliesRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()

  const list = { response: { 200: z.array(savedReply) } }
  app.get('/api/support/saved-replies', { config: { role: 'support' }, schema: list }, async () =>
    listSavedReplies(app.db),
  )

  app.post(
    '/api/support/saved-replies',
    {
      config: { role: 'support', audit: actions.create },
      schema: {
        body: saveSavedReplyInput,
        response: { 201: savedReply, 400: apiErrorBody },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await commands.create(commandContext(request), request.body)),
  )

  app.put(
    '/api/support/saved-replies/:id',
    {
      config: { role: 'support', audit: actions.update },
      schema: {
        params: idParams,
        body: saveSavedReplyInput,
        response: { 200: savedReply, 400: apiErrorBody, 404: apiErrorBody },
      },
    },
    async (request) =>
      commands.update(commandContext(request), { id: request.params.id, values: request.body }),
  )

  app.delete(
    '/api/support/saved-replies/:id',
    {
      config: { role: 'support', audit: actions.remove },
      schema: { params: idParams, response: { 204: z.null(), 404: apiErrorBody } },
    },
    async (request, reply) => {
      await commands.remove(commandContext(request), request.params.id)
      return reply.code(204).send(null)
    },
  )
}
