import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { apiErrorBody, idParams } from '../../../common/api'
import { bulkStageInput, bulkStageResult } from '../../../common/people'
import { trialRequestListItem } from '../../../common/request-outcome'
import {
  trialRequest,
  trialRequestListQuery,
  trialRequestStats as trialRequestStatsAnswer,
  trialRequestStatusInput,
  updateTrialRequestInput,
} from '../../../common/trial-requests'
import { setPageHeaders } from '../../lib/keyset'
import { readsMoney, trialRequestForSupport } from '../../lib/support-views'
import { textAnswer } from '../../lib/text-answer'
import { auditAs, inAuditedTransaction } from '../audit/audited-transaction'
import { changePersonLine } from '../m3u/line-changes'
import { getPlatformSettings } from '../settings/settings.service'
import { followLine } from '../m3u/line-follow'
import { setStageOfMany } from './bulk-stage.service'
import { contactsCsv, contactsFileName } from './contacts-csv'
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
    // Support agents look people up to help them; exports and changes stay with admins.
    app.get(
      path,
      {
        config: { role: 'support' },
        schema: {
          querystring: trialRequestListQuery,
          response: { 200: z.array(trialRequestListItem), 400: apiErrorBody },
        },
      },
      async (request, reply) => {
        const page = await listTrialRequests(app.db, request.query, app.now())
        setPageHeaders(reply, page)
        return readsMoney(request.admin!.role)
          ? page.requests
          : page.requests.map(trialRequestForSupport)
      },
    )
  }

  app.get(
    '/api/trial-requests/stats',
    { schema: { response: { 200: trialRequestStatsAnswer } } },
    async () => trialRequestStats(app.db),
  )

  app.get(
    '/api/trial-requests/export.csv',
    {
      schema: {
        querystring: trialRequestListQuery.pick({
          q: true,
          status: true,
          stage: true,
          endsWithinDays: true,
          outcome: true,
        }),
        response: {
          200: textAnswer('text/csv', 'The matching contacts, one row each, newest first.'),
          400: apiErrorBody,
        },
      },
    },
    async (request, reply) => {
      const { trialDurationHours } = await getPlatformSettings(app.db)
      const filter = listFilter(request.query, { now: app.now(), trialDurationHours })
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${contactsFileName(app.now())}"`)
        .send(contactsCsv(app.db, filter))
    },
  )

  app.put(
    '/api/trial-requests/:id',
    {
      config: audit('update'),
      schema: {
        params: idParams,
        body: updateTrialRequestInput,
        response: { 200: trialRequest, 400: apiErrorBody, 404: apiErrorBody },
      },
    },
    async (request) =>
      inAuditedTransaction(request, (tx) =>
        updateTrialRequest(tx, request.params.id, request.body, app.now()),
      ),
  )

  // "Mark contacted" on the selected rows: one request, one transaction, an entry per person.
  app.put(
    '/api/trial-requests/status',
    {
      config: audit('bulk_status'),
      schema: { body: bulkStageInput, response: { 200: bulkStageResult, 400: apiErrorBody } },
    },
    async (request) =>
      inAuditedTransaction(
        request,
        (tx) => setStageOfMany(tx, request.body, request.admin!, app.now()),
        { entityId: null },
      ),
  )

  app.put(
    '/api/trial-requests/:id/status',
    {
      config: audit('status'),
      schema: {
        params: idParams,
        body: trialRequestStatusInput,
        response: { 200: trialRequest, 400: apiErrorBody, 404: apiErrorBody },
      },
    },
    async (request) =>
      inAuditedTransaction(request, (tx) =>
        setTrialRequestStatus(tx, request.params.id, request.body, app.now()),
      ),
  )

  app.delete(
    '/api/trial-requests/:id',
    {
      config: audit('delete'),
      schema: { params: idParams, response: { 204: z.null(), 404: apiErrorBody } },
    },
    async (request, reply) => {
      const { id } = request.params
      // The line outlives the person (and its history with it), disabled.
      const lineId = await inAuditedTransaction(request, async (tx) => {
        const lineId = await changePersonLine(tx, id, { isEnabled: false }, app.now())
        await deleteTrialRequest(tx, id)
        return lineId
      })
      await followLine(request, lineId)
      return reply.code(204).send(null)
    },
  )
}
