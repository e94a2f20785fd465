import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { apiErrorBody, idParams } from '../../../../common/api'
import { staffRenewal, staffRenewalChoiceInput } from '../../../../common/renewals'
import { commandContext } from '../../audit/command-context'
import { readRenewal } from '../../subscriptions/renewal-view'
import { renewalActions, switchRenewalForPerson } from './renewal.commands'

/** Staff turn a person's automatic renewal on or off, as the customer could. */
export async function renewalChoiceRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()

  app.post(
    '/api/trial-requests/:id/renewal',
    {
      config: { audit: renewalActions.choice },
      schema: {
        params: idParams,
        body: staffRenewalChoiceInput,
        response: { 200: staffRenewal, 400: apiErrorBody, 404: apiErrorBody, 409: apiErrorBody },
      },
    },
    async (request) => {
      const personId = request.params.id
      const { autoRenew } = request.body
      await switchRenewalForPerson(commandContext(request), { personId, autoRenew })
      return (await readRenewal(app.db, personId))!
    },
  )
}
