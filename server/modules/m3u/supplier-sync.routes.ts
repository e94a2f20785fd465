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
import { commandContext } from '../audit/command-context'
import type { MoveSubscriptionEnd } from './drift-fix'
import { panelCallRefusals, supplierAccess } from './supplier-access'
import { fixSupplierDrift, supplierActions, syncWithSupplier } from './supplier.commands'
import { listDrift, readSupplierStatus } from './supplier-status'

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
      config: { audit: supplierActions.sync },
      schema: {
        body: supplierKeyInput,
        response: { 200: supplierSyncResult, ...panelCallRefusals },
      },
    },
    async (request) =>
      syncWithSupplier({ ...commandContext(request), access }, { apiKey: request.body.apiKey }),
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
      config: { audit: supplierActions.fixDrift },
      schema: {
        params: idParams,
        body: driftFixInput,
        response: { 200: driftFixResult, 202: driftFixResult, ...panelCallRefusals },
      },
    },
    async (request, reply) => {
      const { keep, apiKey } = request.body
      const ctx = { ...commandContext(request), access, moveSubscriptionEnd }
      const result = await fixSupplierDrift(ctx, { driftId: request.params.id, keep, apiKey })
      return reply.code(result.isFixed ? 200 : 202).send(result)
    },
  )
}
