import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { createAdminUserInput } from '../../../common/admin-users'
import { idParams } from '../../../common/api'
import { createAdminUser, deleteAdminUser, listAdminUsers } from './admins.service'

export async function adminsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()

  app.get('/api/admin/users', async () => listAdminUsers(app.db))

  app.post(
    '/api/admin/users',
    {
      config: { role: 'super_admin', audit: { action: 'admin_user.create', entity: 'admin_user' } },
      schema: { body: createAdminUserInput },
    },
    async (request, reply) => reply.code(201).send(await createAdminUser(app.db, request.body)),
  )

  app.delete(
    '/api/admin/users/:id',
    {
      config: { role: 'super_admin', audit: { action: 'admin_user.delete', entity: 'admin_user' } },
      schema: { params: idParams },
    },
    async (request, reply) => {
      await deleteAdminUser(app.db, request.params.id, request.admin!.id)
      return reply.code(204).send()
    },
  )
}
