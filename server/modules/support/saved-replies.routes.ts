import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { apiErrorBody, idParams } from '../../../common/api'
import { z } from 'zod'
import { savedReply, saveSavedReplyInput } from '../../../common/saved-replies'
import { auditAs, inAuditedTransaction } from '../audit/audited-transaction'
import {
  createSavedReply,
  deleteSavedReply,
  listSavedReplies,
  updateSavedReply,
} from './saved-replies.service'

const audit = auditAs('saved_reply')

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
      config: { role: 'support', ...audit('create') },
      schema: {
        body: saveSavedReplyInput,
        response: { 201: savedReply, 400: apiErrorBody },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          await inAuditedTransaction(request, (tx) =>
            createSavedReply(tx, request.body, app.now()),
          ),
        ),
  )

  app.put(
    '/api/support/saved-replies/:id',
    {
      config: { role: 'support', ...audit('update') },
      schema: {
        params: idParams,
        body: saveSavedReplyInput,
        response: { 200: savedReply, 400: apiErrorBody, 404: apiErrorBody },
      },
    },
    async (request) =>
      inAuditedTransaction(request, (tx) =>
        updateSavedReply(tx, request.params.id, request.body, app.now()),
      ),
  )

  app.delete(
    '/api/support/saved-replies/:id',
    {
      config: { role: 'support', ...audit('delete') },
      schema: { params: idParams, response: { 204: z.null(), 404: apiErrorBody } },
    },
    async (request, reply) => {
      await inAuditedTransaction(request, (tx) => deleteSavedReply(tx, request.params.id))
      return reply.code(204).send(null)
    },
  )
}
