import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { adminUser, changeAdminRoleInput, createAdminUserInput } from '../../../common/admin-users'
import { apiErrorBody, idParams } from '../../../common/api'
import { commandContext } from '../audit/command-context'
import { adminActions, changeRole, createAdmin, deleteAdmin } from './admins.commands'
import { listAdminUsers } from './admins.service'

export async function adminsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()

  app.get('/api/admin/users', { schema: { response: { 200: z.array(adminUser) } } }, async () =>
    listAdminUsers(app.db),
  )

  app.post(
    '/api/admin/users',
    {
      config: { role: 'super_admin', audit: adminActions.create },
      schema: {
        body: createAdminUserInput,
        response: { 201: adminUser, 400: apiErrorBody, 409: apiErrorBody },
      },
    },
    async (request, reply) => {
      const ctx = { ...commandContext(request), passwordCost: app.passwordCost }
      return reply.code(201).send(await createAdmin(ctx, request.body))
    },
  )

  app.patch(
    '/api/admin/users/:id',
    {
      config: { role: 'super_admin', audit: adminActions.changeRole },
      schema: {
        params: idParams,
        body: changeAdminRoleInput,
        response: { 200: adminUser, 400: apiErrorBody, 404: apiErrorBody, 409: apiErrorBody },
      },
    },
    async (request) =>
      changeRole(commandContext(request), { id: request.params.id, role: request.body.role }),
  )

  app.delete(
    '/api/admin/users/:id',
    {
      config: { role: 'super_admin', audit: adminActions.remove },
      schema: {
        params: idParams,
        response: { 204: z.null(), 400: apiErrorBody, 404: apiErrorBody, 409: apiErrorBody },
      },
    },
    async (request, reply) => {
      await deleteAdmin(commandContext(request), request.params.id)
      return reply.code(204).send(null)
    },
  )
}
