import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { apiErrorBody } from '../../../common/api'
import { customerRenewalChoiceInput, renewalChoiceAnswer } from '../../../common/renewals'
import { customerSwitcher, switchRenewal } from '../payments/renewal-switch'
import { customerRenewal, readRenewal } from '../subscriptions/renewal-view'

const customer = { customer: true } as const

/** The customer's own automatic renewal: on or off, their card, their plan (issue 43, item 4). */
export async function accountRenewalRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const personOf = (request: FastifyRequest) => request.customer!.personId
  const renewalOf = async (personId: string) =>
    customerRenewal((await readRenewal(app.db, personId))!)

  // Off keeps the line to the paid end; the first time, a retention code may be offered instead.
  app.post(
    '/api/account/renewal',
    {
      config: customer,
      schema: {
        body: customerRenewalChoiceInput,
        response: { 200: renewalChoiceAnswer, 400: apiErrorBody, 409: apiErrorBody },
      },
    },
    async (request) => {
      const personId = personOf(request)
      const { autoRenew, reason, confirm } = request.body
      const choice = { autoRenew, reason, mayOffer: !confirm }
      const { offer } = await switchRenewal(
        app,
        personId,
        choice,
        customerSwitcher(app, personId, choice),
      )
      return { renewal: await renewalOf(personId), offer }
    },
  )
}
