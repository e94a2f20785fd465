import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { adminUser, changeAdminRoleInput, createAdminUserInput } from '../../../common/admin-users'
import { apiErrorBody, idParams } from '../../../common/api'
import { invalidField } from '../../lib/http-error'
import { auditAs, inAuditedTransaction } from '../audit/audited-transaction'
import { passwordProblem } from '../../lib/password-policy'
import { hashPassword } from '../../lib/passwords'
import { changeAdminRole, createAdminUser, deleteAdminUser, listAdminUsers } from './admins.service'

const audit = auditAs('admin_user')

export async function adminsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()

  app.get('/api/admin/users', { schema: { response: { 200: z.array(adminUser) } } }, async () =>
    listAdminUsers(app.db),
  )

  app.post(
    '/api/admin/users',
    {
      config: { role: 'super_admin', ...audit('create') },
      schema: {
        body: createAdminUserInput,
        response: { 201: adminUser, 400: apiErrorBody, 409: apiErrorBody },
      },
    },
    async (request, reply) => {
      const { username, password, role } = request.body
      const problem = passwordProblem(password, username)
      if (problem) throw invalidField('password', problem)
      const passwordHash = await hashPassword(password, app.passwordCost)
      const user = await inAuditedTransaction(request, (tx) =>
        createAdminUser(tx, { username, passwordHash, role }),
      )
      return reply.code(201).send(user)
    },
  )

  app.patch(
    '/api/admin/users/:id',
    {
      config: { role: 'super_admin', ...audit('change_role') },
      schema: {
        params: idParams,
        body: changeAdminRoleInput,
        response: { 200: adminUser, 400: apiErrorBody, 404: apiErrorBody, 409: apiErrorBody },
      },
    },
    async (request) => {
      const { id } = request.params
      const user = await inAuditedTransaction(request, (tx) =>
        changeAdminRole(tx, id, request.body.role, request.admin!.id, app.now()),
      )
      // Every process forgets what it kept of their sessions: the next request meets the new role.
      await app.bus.publish({ kind: 'admin_role_changed', userId: id, role: user.role })
      return user
    },
  )

  app.delete(
    '/api/admin/users/:id',
    {
      config: { role: 'super_admin', ...audit('delete') },
      schema: {
        params: idParams,
        response: { 204: z.null(), 400: apiErrorBody, 404: apiErrorBody, 409: apiErrorBody },
      },
    },
    async (request, reply) => {
      const { id } = request.params
      await inAuditedTransaction(request, (tx) => deleteAdminUser(tx, id, request.admin!.id))
      // Their sessions went with the account (cascade); their open sockets are told after commit.
      await app.bus.publish({ kind: 'admin_sessions_ended', userId: id, sessionIds: null })
      return reply.code(204).send(null)
    },
  )
}
