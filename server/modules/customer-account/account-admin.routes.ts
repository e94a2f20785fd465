import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { idParams } from '../../../common/api'
import { accountActivity, signInLinkAnswer } from '../../../common/customer-account'
import { trialRequests } from '../../db/schema/trial-requests'
import { notFound } from '../../lib/http-error'
import { commandContext } from '../audit/command-context'
import { accountAdminActions, sendSignInLink, signOutCustomer } from './account-admin.commands'
import { readCustomerActivity } from './customer-activity.service'
import { eq } from 'drizzle-orm'

/** On a person's page (admins): their sign-ins and actions, a sign-in link, signing them out. */
export async function accountAdminRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()

  app.get(
    '/api/trial-requests/:id/account-activity',
    { schema: { params: idParams, response: { 200: accountActivity } } },
    async (request) => {
      const [person] = await app.db
        .select({ id: trialRequests.id })
        .from(trialRequests)
        .where(eq(trialRequests.id, request.params.id))
      if (!person) throw notFound('Trial request not found')
      return readCustomerActivity(app.db, person.id, app.now())
    },
  )

  app.post(
    '/api/trial-requests/:id/sign-in-link',
    {
      config: { audit: accountAdminActions.sendSignInLink },
      schema: { params: idParams, response: { 202: signInLinkAnswer } },
    },
    async (request, reply) => {
      await sendSignInLink(commandContext(request), request.params.id)
      return reply
        .code(202)
        .send({ message: 'A sign-in link is on its way. It works once, for 30 minutes.' })
    },
  )

  app.post(
    '/api/trial-requests/:id/customer-sign-out',
    {
      config: { audit: accountAdminActions.signOut },
      schema: { params: idParams, response: { 200: z.object({ ended: z.number().int() }) } },
    },
    async (request) => {
      return { ended: await signOutCustomer(commandContext(request), request.params.id) }
    },
  )
}
