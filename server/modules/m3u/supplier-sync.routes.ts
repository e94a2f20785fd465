import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { apiErrorBody, idParams, pageQuery } from '../../../common/api'
import {
  driftFixInput,
  driftFixResult,
  supplierDrift,
  supplierKeyInput,
  supplierStatus,
  supplierSyncResult,
} from '../../../common/person-lines'
import { setPageHeaders } from '../../lib/keyset'
import { auditAs } from '../audit/audited-transaction'
import { readActivityRound } from './activity-read'
import { fixDrift, type MoveSubscriptionEnd } from './drift-fix'
import { routeOutcome } from './line-outcome'
import { panelCallRefusals, supplierAccess } from './supplier-access'
import { listDrift, readSupplierStatus } from './supplier-status'
import { syncSupplier } from './supplier-sync'

const audit = auditAs('supplier')

/**
 * The supplier panel seen from the M3U tools: status and credits, reconciliation, drift. Keeping
 * the panel's expiry moves the subscription's end through `moveSubscriptionEnd`.
 */
export async function supplierSyncRoutes(
  fastify: FastifyInstance,
  { moveSubscriptionEnd }: { moveSubscriptionEnd: MoveSubscriptionEnd },
) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const access = supplierAccess(app)

  app.get(
    '/api/supplier/status',
    { schema: { response: { 200: supplierStatus } } },
    async (request) => readSupplierStatus(access, request.admin!.username),
  )

  app.post(
    '/api/supplier/sync',
    {
      config: audit('sync'),
      schema: {
        body: supplierKeyInput,
        response: { 200: supplierSyncResult, ...panelCallRefusals },
      },
    },
    async (request) => {
      const result = await syncSupplier(access, {
        apiKey: request.body.apiKey,
        actor: request.admin!.username,
        commit: routeOutcome(request),
      })
      // Now rather than at the next round: the activity log on, and the lines likely shared.
      await readActivityRound(access)
      return result
    },
  )

  app.get(
    '/api/supplier/drift',
    {
      schema: {
        querystring: pageQuery,
        response: { 200: z.array(supplierDrift), 400: apiErrorBody },
      },
    },
    async (request, reply) => {
      const page = await listDrift(app.db, request.query)
      setPageHeaders(reply, page)
      return page.drift
    },
  )

  // `keep: 'ours'` pushes ours to the panel: 200 once it holds it, 202 when the change is recorded
  // and waits for the panel. `keep: 'panel'` takes the panel's expiry or enabled state here.
  app.post(
    '/api/supplier/drift/:id/fix',
    {
      config: audit('fix_drift'),
      schema: {
        params: idParams,
        body: driftFixInput,
        response: { 200: driftFixResult, 202: driftFixResult, ...panelCallRefusals },
      },
    },
    async (request, reply) => {
      const result = await fixDrift(access, request.params.id, request.body.keep, {
        apiKey: request.body.apiKey,
        actor: request.admin!.username,
        commit: routeOutcome(request),
        moveSubscriptionEnd,
      })
      return reply.code(result.isFixed ? 200 : 202).send(result)
    },
  )
}
