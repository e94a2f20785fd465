import { stringify } from 'csv-stringify/sync'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import {
  subscriptionMetrics as subscriptionMetricsAnswer,
  subscriptionMetricsMonth,
  subscriptionMetricsQuery,
  type SubscriptionMetrics,
} from '../../../common/business-metrics'
import { apiErrorBody } from '../../../common/api'
import { revenueAnalytics as revenueAnalyticsAnswer } from '../../../common/revenue'
import { textAnswer } from '../../lib/text-answer'
import { revenueAnalytics } from './revenue-by-family.service'
import { subscriptionMetrics } from './subscription-metrics.service'

const columns = Object.keys(
  subscriptionMetricsMonth.shape,
) as (keyof SubscriptionMetrics['months'][number])[]

/**
 * The months as CSV, one row each under the API's field names. Every cell is a figure we
 * computed (a month, an amount, a count or a rate), so none needs neutralising as a formula,
 * and negative amounts stay numbers a spreadsheet can add.
 */
function metricsCsv({ months }: SubscriptionMetrics): string {
  const rows = months.map((month) => columns.map((column) => month[column] ?? ''))
  return stringify([columns, ...rows], { record_delimiter: '\r\n', bom: true })
}

/**
 * The owner's numbers: admins read them, as JSON for the Financials page or as a file; and the
 * revenue by plan family and month the page shows below them.
 */
export async function businessMetricsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()

  app.get(
    '/api/metrics/subscriptions',
    {
      schema: {
        querystring: subscriptionMetricsQuery,
        response: { 200: subscriptionMetricsAnswer, 400: apiErrorBody },
      },
    },
    async (request) => subscriptionMetrics(app.db, request.query, app.now()),
  )

  app.get(
    '/api/metrics/subscriptions.csv',
    {
      schema: {
        querystring: subscriptionMetricsQuery,
        response: {
          200: textAnswer('text/csv', 'The months of the JSON answer, one row each, same fields.'),
          400: apiErrorBody,
        },
      },
    },
    async (request, reply) => {
      const metrics = await subscriptionMetrics(app.db, request.query, app.now())
      const { months } = metrics
      const name = `subscription-metrics-${months[0]!.month}-to-${months.at(-1)!.month}.csv`
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${name}"`)
        .send(metricsCsv(metrics))
    },
  )

  app.get(
    '/api/revenue-analytics',
    { schema: { response: { 200: revenueAnalyticsAnswer } } },
    async () => revenueAnalytics(app.db),
  )
}
