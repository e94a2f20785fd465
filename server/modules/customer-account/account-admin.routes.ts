import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { idParams } from '../../../common/api'
import { accountActivity, signInLinkAnswer } from '../../../common/customer-account'
import { trialRequests } from '../../db/schema/trial-requests'
import { notFound } from '../../lib/http-error'
import { auditAs, inAuditedTransaction } from '../audit/audited-transaction'
import { readCustomerActivity } from './customer-activity.service'
import { deleteCustomerSessionsOf } from './customer-sessions.service'
import { sendSignInLinkTo } from './sign-in-requests'
import { eq } from 'drizzle-orm'

const audit = auditAs('trial_request')

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
      config: audit('send_sign_in_link'),
      schema: { params: idParams, response: { 202: signInLinkAnswer } },
    },
    async (request, reply) => {
      await inAuditedTransaction(request, (tx) =>
        sendSignInLinkTo(tx, request.params.id, app.now()),
      )
      return reply
        .code(202)
        .send({ message: 'A sign-in link is on its way. It works once, for 30 minutes.' })
    },
  )

  app.post(
    '/api/trial-requests/:id/customer-sign-out',
    {
      config: audit('customer_sign_out'),
      schema: { params: idParams, response: { 200: z.object({ ended: z.number().int() }) } },
    },
    async (request) => {
      const ended = await inAuditedTransaction(request, async (tx) => {
        const [person] = await tx
          .select({ id: trialRequests.id })
          .from(trialRequests)
          .where(eq(trialRequests.id, request.params.id))
        if (!person) throw notFound('Trial request not found')
        return deleteCustomerSessionsOf(tx, person.id)
      })
      return { ended }
    },
  )
}
