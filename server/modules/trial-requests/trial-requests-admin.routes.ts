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
import { commandContext } from '../audit/command-context'
import { requestFollower } from '../m3u/line-follow'
import { getPlatformSettings } from '../settings/settings.service'
import { contactsCsv, contactsFileName } from './contacts-csv'
import {
  deleteTrialRequestCommand,
  setStageOfManyCommand,
  setStatusCommand,
  trialRequestActions as actions,
  updateTrialRequestCommand,
} from './trial-requests-admin.commands'
import { listFilter, listTrialRequests, trialRequestStats } from './trial-requests-admin.service'

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
      config: { audit: actions.update },
      schema: {
        params: idParams,
        body: updateTrialRequestInput,
        response: { 200: trialRequest, 400: apiErrorBody, 404: apiErrorBody },
      },
    },
    async (request) =>
      updateTrialRequestCommand(commandContext(request), {
        id: request.params.id,
        changes: request.body,
      }),
  )

  // "Mark contacted" on the selected rows: one request, one transaction, an entry per person.
  app.put(
    '/api/trial-requests/status',
    {
      config: { audit: actions.bulkStatus },
      schema: { body: bulkStageInput, response: { 200: bulkStageResult, 400: apiErrorBody } },
    },
    async (request) => setStageOfManyCommand(commandContext(request), request.body),
  )

  app.put(
    '/api/trial-requests/:id/status',
    {
      config: { audit: actions.status },
      schema: {
        params: idParams,
        body: trialRequestStatusInput,
        response: { 200: trialRequest, 400: apiErrorBody, 404: apiErrorBody },
      },
    },
    async (request) =>
      setStatusCommand(commandContext(request), { id: request.params.id, ...request.body }),
  )

  app.delete(
    '/api/trial-requests/:id',
    {
      config: { audit: actions.remove },
      schema: { params: idParams, response: { 204: z.null(), 404: apiErrorBody } },
    },
    async (request, reply) => {
      const ctx = { ...commandContext(request), follower: requestFollower(request) }
      await deleteTrialRequestCommand(ctx, request.params.id)
      return reply.code(204).send(null)
    },
  )
}
