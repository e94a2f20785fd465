import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { apiErrorBody, idParams } from '../../../../common/api'
import { staffRenewal, staffRenewalChoiceInput } from '../../../../common/renewals'
import { auditAs, inAuditedTransaction } from '../../audit/audited-transaction'
import { readRenewal } from '../../subscriptions/renewal-view'
import { renewalAuditDetails, switchRenewal } from './renewal-switch'

const audit = auditAs('trial_request')

/** Staff turn a person's automatic renewal on or off, as the customer could. */
export async function renewalChoiceRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()

  app.post(
    '/api/trial-requests/:id/renewal',
    {
      config: audit('renewal'),
      schema: {
        params: idParams,
        body: staffRenewalChoiceInput,
        response: { 200: staffRenewal, 400: apiErrorBody, 404: apiErrorBody, 409: apiErrorBody },
      },
    },
    async (request) => {
      const personId = request.params.id
      const choice = { autoRenew: request.body.autoRenew }
      await switchRenewal(app, personId, choice, {
        by: request.admin!.username,
        inTransaction: (change) =>
          inAuditedTransaction(request, change, { details: renewalAuditDetails(choice) }),
      })
      return (await readRenewal(app.db, personId))!
    },
  )
}
