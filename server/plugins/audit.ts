import type { FastifyInstance, FastifyRequest } from 'fastify'
import { recordAudit } from '../modules/audit/audit.service'

const unsafeMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

declare module 'fastify' {
  interface FastifyRequest {
    /** The id of the entity a create answered with, for the audit trail. */
    auditEntityId?: string
  }
}

/** Route config recording `{entity}.{verb}` on `entity`: `auditAs('plan')('create')`. */
export const auditAs = (entity: string) => (verb: string) => ({
  audit: { action: `${entity}.${verb}`, entity },
})

function createdId(payload: unknown): string | undefined {
  if (typeof payload !== 'string' || !payload.startsWith('{')) return undefined
  try {
    const id = (JSON.parse(payload) as { id?: unknown }).id
    return typeof id === 'string' ? id : undefined
  } catch {
    return undefined
  }
}

/**
 * Records every successful admin change (who, what, when, which entity). Field names are kept,
 * never values: bodies can hold passwords and API keys. A route that changes data without
 * declaring its audit action stops the server at start-up, so none is forgotten.
 */
export function registerAudit(app: FastifyInstance) {
  app.addHook('onRoute', (route) => {
    const methods = [route.method].flat()
    const isMutation = methods.some((method) => unsafeMethods.has(method))
    if (
      isMutation &&
      route.url.startsWith('/api/') &&
      !route.config?.public &&
      route.config?.audit === undefined
    ) {
      throw new Error(`${methods.join(',')} ${route.url} changes data but declares no audit action`)
    }
  })

  app.addHook('onSend', async (request, _reply, payload) => {
    if (request.routeOptions.config.audit) request.auditEntityId = createdId(payload)
    return payload
  })

  app.addHook('onResponse', async (request: FastifyRequest, reply) => {
    const audit = request.routeOptions.config.audit
    if (!audit || !request.admin || reply.statusCode >= 400) return
    const params = request.params as { id?: string } | undefined
    const body = request.body
    try {
      await recordAudit(app.db, {
        actor: request.admin,
        action: audit.action,
        entityType: audit.entity,
        entityId: params?.id ?? request.auditEntityId ?? null,
        details: body && typeof body === 'object' ? { fields: Object.keys(body) } : null,
        now: app.now(),
      })
    } catch (error) {
      request.log.error({ err: error }, 'Could not record the audit entry')
    }
  })
}
