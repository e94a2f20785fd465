import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { apiErrorBody, idParams } from '../../../common/api'
import { personLine, supplierKeyInput } from '../../../common/person-lines'
import { notFound } from '../../lib/http-error'
import { commandContext } from '../audit/command-context'
import type { LineAction } from './line-actions'
import { presentPersonLine } from './line-changes'
import { actOnPersonLine, lineActions, makePersonLine } from './line.commands'
import { getPersonLine } from './person-lines.service'
import { panelCallRefusals, supplierAccess } from './supplier-access'

const actions: [path: string, action: LineAction][] = [
  ['disable', 'disable'],
  ['enable', 'enable'],
  ['reset-password', 'reset_password'],
]

/** A person's line on the supplier panel (admins only, like every route not listed public). */
export async function personLinesRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const access = supplierAccess(app)

  const read = {
    config: { role: 'support' },
    schema: { params: idParams, response: { 200: personLine, 404: apiErrorBody } },
  } as const
  app.get('/api/trial-requests/:id/line', read, async (request) => {
    const line = await getPersonLine(app.db, request.params.id)
    if (!line) throw notFound('This person has no line yet')
    return line
  })

  // 201 made, 200 made before; 202 when the panel did not answer in time: the line is `checking`
  // and the retry job settles it (looked up first, so never bought twice).
  app.post(
    '/api/trial-requests/:id/line',
    {
      config: { audit: lineActions.create },
      schema: {
        params: idParams,
        body: supplierKeyInput,
        response: { 200: personLine, 201: personLine, 202: personLine, ...panelCallRefusals },
      },
    },
    async (request, reply) => {
      const { line, isNew, isChecking } = await makePersonLine(
        { ...commandContext(request), access },
        { personId: request.params.id, apiKey: request.body.apiKey },
      )
      return reply.code(isChecking ? 202 : isNew ? 201 : 200).send(line)
    },
  )

  // 200 once the panel holds the change; 202 when it is recorded and waits for the panel.
  for (const [path, action] of actions) {
    app.post(
      `/api/trial-requests/:id/line/${path}`,
      {
        config: { audit: lineActions.change[action] },
        schema: {
          params: idParams,
          body: supplierKeyInput,
          response: { 200: personLine, 202: personLine, ...panelCallRefusals },
        },
      },
      async (request, reply) => {
        const { line, outcome } = await actOnPersonLine(
          { ...commandContext(request), access },
          { personId: request.params.id, action, apiKey: request.body.apiKey },
        )
        const isDone = outcome === 'synced' || outcome === 'unchanged'
        return reply.code(isDone ? 200 : 202).send(presentPersonLine(line))
      },
    )
  }
}
