import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { apiErrorBody, idParams } from '../../../common/api'
import { subscriptionChange } from '../../../common/subscription-renewals'
import { convertToSubscriptionInput } from '../../../common/trial-requests'
import { auditAs, inAuditedTransaction } from '../audit/audited-transaction'
import { changePersonLine } from '../m3u/line-changes'
import { followLine, requestFollower } from '../m3u/line-follow'
import { settleManualPayment } from './manual-payment'
import { revertPaymentsOf } from './revert-payments'
import { followSettled } from './settle-payment'
import { takeBackRenewals } from '../subscriptions/subscription-extend.service'
import { deleteSubscription } from '../subscriptions/subscriptions.service'

const audit = auditAs('trial_request')

/** A person's paid subscription, begun and taken back by an admin. */
export async function subscriptionsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()

  // The person's line follows each change of their subscription on the supplier panel: its new
  // state is recorded with the change, then pushed (lineProblem says why, when the panel did not
  // take it yet; the retry job keeps trying). The price is a manual payment, settled as any other.
  app.post(
    '/api/trial-requests/:id/convert-to-subscription',
    {
      config: audit('convert'),
      schema: {
        params: idParams,
        body: convertToSubscriptionInput,
        response: {
          200: subscriptionChange,
          400: apiErrorBody,
          404: apiErrorBody,
          409: apiErrorBody,
        },
      },
    },
    async (request) => {
      const { paidPlan, subscriptionMonths, subscriptionPrice, createLine } = request.body
      const payment = {
        plan: { name: paidPlan },
        months: subscriptionMonths,
        amount: subscriptionPrice,
      }
      const { settled } = await inAuditedTransaction(request, (tx) =>
        settleManualPayment(tx, request.params.id, payment, {
          now: app.now(),
          step: 'convert',
          createdBy: request.admin!.username,
        }),
      )
      const follower = requestFollower(request)
      const lineProblem = await followSettled(follower, settled, { createLine: !!createLine })
      return lineProblem ? { ...settled.person!, lineProblem } : settled.person!
    },
  )

  app.delete(
    '/api/trial-requests/:id/subscription',
    {
      config: audit('delete_subscription'),
      schema: {
        params: idParams,
        response: { 200: subscriptionChange, 404: apiErrorBody, 409: apiErrorBody },
      },
    },
    async (request) => {
      const { id } = request.params
      const now = app.now()
      const { person, lineId } = await inAuditedTransaction(request, async (tx) => {
        const person = await deleteSubscription(tx, id, now)
        await takeBackRenewals(tx, id)
        await revertPaymentsOf(tx, id, now)
        return { person, lineId: await changePersonLine(tx, id, { isEnabled: false }, now) }
      })
      const lineProblem = await followLine(request, lineId)
      return lineProblem ? { ...person, lineProblem } : person
    },
  )
}
