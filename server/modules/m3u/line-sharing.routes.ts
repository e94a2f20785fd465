import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { apiErrorBody, idParams } from '../../../common/api'
import {
  sharedLine,
  sharingFilters,
  sharingListQuery,
  sharingOfferAnswer,
} from '../../../common/line-sharing'
import { csvStream } from '../../lib/csv-export'
import { keyset, setPageHeaders } from '../../lib/keyset'
import { textAnswer } from '../../lib/text-answer'
import { commandContext } from '../audit/command-context'
import {
  flaggedLines,
  presentSharedLine,
  sharingCsvRows,
  sharingEvidence,
  sharingOrder,
} from './line-sharing'
import { dismissSharedLine, offerBiggerPlanFor, sharingActions } from './line-sharing.commands'

/**
 * Lines likely shared (Business Center): the list with its evidence, a CSV of it, and Dismiss.
 * Nothing here changes a line: what to do about one is the operator's call.
 */
export async function lineSharingRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()

  app.get(
    '/api/lines/sharing',
    {
      schema: {
        querystring: sharingListQuery,
        response: { 200: z.array(sharedLine), 400: apiErrorBody },
      },
    },
    async (request, reply) => {
      const { limit, cursor, ...filter } = request.query
      const now = app.now()
      const pages = keyset(sharingOrder, cursor, limit)
      const rows = await flaggedLines(app.db, filter, now, pages.fetchSize, pages.after)
      const page = pages.page(
        rows.map((row) => ({ ...row, id: row.lineId })),
        (row) => row.flaggedAt!,
      )
      const evidence = await sharingEvidence(
        app.db,
        page.rows.map((row) => row.lineId),
        now,
      )
      setPageHeaders(reply, page)
      return page.rows.map((row) => presentSharedLine(row, evidence.get(row.lineId) ?? []))
    },
  )

  app.get(
    '/api/lines/sharing/export.csv',
    {
      schema: {
        querystring: sharingFilters,
        response: {
          200: textAnswer('text/csv', 'The flagged lines the filters pick, newest flag first.'),
          400: apiErrorBody,
        },
      },
    },
    async (request, reply) => {
      const now = app.now()
      return reply
        .type('text/csv; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="likely-shared-${now.toISOString().slice(0, 10)}.csv"`,
        )
        .send(csvStream(sharingCsvRows(app.db, request.query, now)))
    },
  )

  app.post(
    '/api/lines/sharing/:id/dismiss',
    {
      config: { audit: sharingActions.dismiss },
      schema: { params: idParams, response: { 204: z.null(), 404: apiErrorBody } },
    },
    async (request, reply) => {
      await dismissSharedLine(commandContext(request), request.params.id)
      return reply.code(204).send(null)
    },
  )

  // Queued through the outbox with its audit entry (both commit, or neither); sent within a poll.
  app.post(
    '/api/lines/sharing/:id/offer',
    {
      config: { audit: sharingActions.offer },
      schema: {
        params: idParams,
        response: { 201: sharingOfferAnswer, 404: apiErrorBody, 409: apiErrorBody },
      },
    },
    async (request, reply) => {
      const offer = await offerBiggerPlanFor(commandContext(request), request.params.id)
      return reply.code(201).send(offer)
    },
  )
}
