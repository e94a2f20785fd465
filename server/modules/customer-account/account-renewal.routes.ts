import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { apiErrorBody } from '../../../common/api'
import {
  cardSetupReturnInput,
  customerRenewalChoiceInput,
  paymentMethodAnswer,
  planChangeAnswer,
  planChangeInput,
  planChangeRefusal,
  renewalChoiceAnswer,
} from '../../../common/renewals'
import { commandContext } from '../audit/command-context'
import { providerContext } from '../payments/payment-context'
import { completeCardSetup, startCardSetup } from '../payments/renewals/card-setup.commands'
import { changePlan } from '../payments/renewals/plan-change.commands'
import { enforceLimit } from '../rate-limits/limits'
import { signInLinkLimits } from './sign-in-requests'
import { chooseOwnRenewal } from '../payments/renewals/renewal.commands'
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
      const { offer } = await chooseOwnRenewal(commandContext(request), { personId, choice })
      return { renewal: await renewalOf(personId), offer }
    },
  )

  // Counted with checkouts: each asks Stripe for a hosted page.
  app.post(
    '/api/account/payment-method',
    {
      config: customer,
      schema: { response: { 201: paymentMethodAnswer, 409: apiErrorBody } },
    },
    async (request, reply) => {
      const personId = personOf(request)
      await enforceLimit(app.rateLimiter, signInLinkLimits.checkout, personId, app.now())
      const { checkoutUrl } = await startCardSetup(providerContext(request), personId)
      return reply.code(201).send({ checkoutUrl })
    },
  )

  // Back from Stripe's page: the card is saved now even if its webhook is still on its way.
  app.post(
    '/api/account/payment-method/return',
    {
      config: customer,
      schema: {
        body: cardSetupReturnInput,
        response: { 200: renewalChoiceAnswer.pick({ renewal: true }), 409: apiErrorBody },
      },
    },
    async (request) => {
      const personId = personOf(request)
      const setup = { providerCheckoutId: request.body.sessionId, personId }
      await completeCardSetup(providerContext(request), setup)
      return { renewal: await renewalOf(personId) }
    },
  )

  // Counted with checkouts: a dearer plan charges the saved card, or makes a pay link.
  app.post(
    '/api/account/plan-change',
    {
      config: customer,
      schema: {
        body: planChangeInput,
        response: {
          200: planChangeAnswer,
          400: apiErrorBody,
          402: planChangeRefusal,
          409: planChangeRefusal.or(apiErrorBody),
        },
      },
    },
    async (request, reply) => {
      const personId = personOf(request)
      await enforceLimit(app.rateLimiter, signInLinkLimits.checkout, personId, app.now())
      const ctx = { ...commandContext(request), app: request.server }
      const changed = await changePlan(ctx, { personId, planId: request.body.planId })
      if (changed.outcome === 'changed') return changed.answer
      const { message } = changed
      if (changed.outcome === 'declined')
        return reply.code(402).send({ message, checkoutUrl: null })
      return reply.code(409).send({ message, checkoutUrl: changed.checkoutUrl })
    },
  )
}
