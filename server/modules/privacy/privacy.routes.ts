import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { idParams } from '../../../common/api'
import { personErasure, personEraseInput, personExport } from '../../../common/privacy'
import { invalidField } from '../../lib/http-error'
import { auditAs, inAuditedTransaction } from '../audit/audited-transaction'
import { supplierAccess } from '../m3u/supplier-access'
import { disableErasedLine } from './person-line-erase'
import { eraseRecords } from './person-erase.service'
import { exportPerson } from './person-export.service'
import { findPersonRecords } from './person-records'

const superAdmin = { role: 'super_admin' } as const

/** A person's data on their request: all of it as a file, or erased (super admins only). */
export async function privacyRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const access = supplierAccess(app)

  app.get(
    '/api/people/:id/export',
    { config: superAdmin, schema: { params: idParams, response: { 200: personExport } } },
    async (request, reply) => {
      const data = await exportPerson(app.db, request.params.id, app.now())
      const file = `person-${data.person.subscriptionId}.json`
      return reply.header('content-disposition', `attachment; filename="${file}"`).send(data)
    },
  )

  app.post(
    '/api/people/:id/erase',
    {
      config: { ...superAdmin, ...auditAs('trial_request')('erase') },
      schema: { params: idParams, body: personEraseInput, response: { 200: personErasure } },
    },
    async (request) => {
      const { person } = await findPersonRecords(app.db, request.params.id)
      if (request.body.confirm.toUpperCase() !== person.subscriptionId) {
        throw invalidField('confirm', `confirm must be this person's subscription id`)
      }
      const erasedAt = app.now()
      // The entry names the action and the person's id; the erased values are in no entry.
      const { lineId, ticketIds } = await inAuditedTransaction(
        request,
        (tx) => eraseRecords(tx, person.id, erasedAt),
        { details: { fields: ['confirm'] } },
      )
      await app.bus.publish({ kind: 'ticket_contacts_changed', ticketIds })
      const line = await disableErasedLine(access, lineId, request.admin!)
      return { personId: person.id, erasedAt: erasedAt.toISOString(), line }
    },
  )
}
