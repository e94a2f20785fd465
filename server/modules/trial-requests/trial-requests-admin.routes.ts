import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { idParams } from '../../../common/api'
import { bulkStageInput } from '../../../common/people'
import {
  convertToSubscriptionInput,
  trialRequestListQuery,
  trialRequestStatusInput,
  updateTrialRequestInput,
} from '../../../common/trial-requests'
import { setPageHeaders } from '../../lib/keyset'
import { auditAs, inAuditedTransaction } from '../../plugins/audit'
import { changePersonLine } from '../m3u/line-changes'
import { followLine, requestFollower } from '../m3u/line-follow'
import { settleManualPayment } from '../subscriptions/manual-payment'
import { followSettled } from '../subscriptions/settle-payment'
import { setStageOfMany } from './bulk-stage.service'
import { contactsCsv, contactsFileName } from './contacts-csv'
import { deleteRenewals } from './subscription-extend.service'
import { deleteSubscription } from './subscriptions.service'
import {
  deleteTrialRequest,
  listFilter,
  listTrialRequests,
  setTrialRequestStatus,
  trialRequestStats,
  updateTrialRequest,
} from './trial-requests-admin.service'

const audit = auditAs('trial_request')

/** The Business Center's Users & Contacts: every route here needs an admin session. */
export async function trialRequestsAdminRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()

  for (const path of ['/api/trial-requests', '/api/trial-requests/search']) {
    app.get(path, { schema: { querystring: trialRequestListQuery } }, async (request, reply) => {
      const page = await listTrialRequests(app.db, request.query)
      setPageHeaders(reply, page)
      return page.requests
    })
  }

  app.get('/api/trial-requests/stats', async () => trialRequestStats(app.db))

  app.get(
    '/api/trial-requests/export.csv',
    { schema: { querystring: trialRequestListQuery.pick({ q: true, status: true, stage: true }) } },
    async (request, reply) =>
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${contactsFileName(app.now())}"`)
        .send(contactsCsv(app.db, listFilter(request.query))),
  )

  app.put(
    '/api/trial-requests/:id',
    { config: audit('update'), schema: { params: idParams, body: updateTrialRequestInput } },
    async (request) =>
      inAuditedTransaction(request, (tx) =>
        updateTrialRequest(tx, request.params.id, request.body, app.now()),
      ),
  )

  // "Mark contacted" on the selected rows: one request, one transaction, an entry per person.
  app.put(
    '/api/trial-requests/status',
    { config: audit('bulk_status'), schema: { body: bulkStageInput } },
    async (request) =>
      inAuditedTransaction(
        request,
        (tx) => setStageOfMany(tx, request.body, request.admin!, app.now()),
        { entityId: null },
      ),
  )

  app.put(
    '/api/trial-requests/:id/status',
    { config: audit('status'), schema: { params: idParams, body: trialRequestStatusInput } },
    async (request) =>
      inAuditedTransaction(request, (tx) =>
        setTrialRequestStatus(tx, request.params.id, request.body, app.now()),
      ),
  )

  // The person's line follows each change of their subscription on the supplier panel: its new
  // state is recorded with the change, then pushed (lineProblem says why, when the panel did not
  // take it yet; the retry job keeps trying). The price is a manual payment, settled as any other.
  app.post(
    '/api/trial-requests/:id/convert-to-subscription',
    { config: audit('convert'), schema: { params: idParams, body: convertToSubscriptionInput } },
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
    { config: audit('delete_subscription'), schema: { params: idParams } },
    async (request) => {
      const { id } = request.params
      const now = app.now()
      const { person, lineId } = await inAuditedTransaction(request, async (tx) => {
        const person = await deleteSubscription(tx, id, now)
        await deleteRenewals(tx, id)
        return { person, lineId: await changePersonLine(tx, id, { isEnabled: false }, now) }
      })
      const lineProblem = await followLine(request, lineId)
      return lineProblem ? { ...person, lineProblem } : person
    },
  )

  app.delete(
    '/api/trial-requests/:id',
    { config: audit('delete'), schema: { params: idParams } },
    async (request, reply) => {
      const { id } = request.params
      // The line outlives the person (and its history with it), disabled.
      const lineId = await inAuditedTransaction(request, async (tx) => {
        const lineId = await changePersonLine(tx, id, { isEnabled: false }, app.now())
        await deleteTrialRequest(tx, id)
        return lineId
      })
      await followLine(request, lineId)
      return reply.code(204).send()
    },
  )
}
