import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { idParams } from '../../../common/api'
import { personErasure, personEraseInput, personExport } from '../../../common/privacy'
import { commandContext } from '../audit/command-context'
import { supplierAccess } from '../m3u/supplier-access'
import { eraseAction, erasePerson } from './person-erase.commands'
import { exportPerson } from './person-export.service'

const superAdmin = { role: 'super_admin' } as const

/** A person's data on their request: all of it as a file, or erased (super admins only). */
export async function privacyRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const access = supplierAccess(app)

  app.get(
    '/api/people/:id/export',
    { config: superAdmin, schema: { params: idParams, response: { 200: personExport } } },
    async (request, reply) => {
      const data = await exportPerson(app.db, request.params.id, app.now())
      const file = `person-${data.person.subscriptionId}.json`
      return reply.header('content-disposition', `attachment; filename="${file}"`).send(data)
    },
  )

  app.post(
    '/api/people/:id/erase',
    {
      config: { ...superAdmin, audit: eraseAction },
      schema: { params: idParams, body: personEraseInput, response: { 200: personErasure } },
    },
    async (request) =>
      erasePerson(
        { ...commandContext(request), access },
        { personId: request.params.id, confirm: request.body.confirm },
      ),
  )
}
