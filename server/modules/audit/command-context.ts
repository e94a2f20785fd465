import type { FastifyInstance, FastifyRequest } from 'fastify'
import { systemActor, type AuditAction, type CommandContext } from './command'

/**
 * A request's command context: its admin acts, and its route must declare the action its
 * command writes, which marks it audited (server/plugins/audit.ts checks the mark).
 */
export function commandContext(request: FastifyRequest): CommandContext {
  const { server, admin } = request
  const route = `${request.method} ${request.routeOptions.url}`
  return {
    db: server.db,
    now: server.now,
    actor: admin && { id: admin.id, username: admin.username },
    bus: server.bus,
    log: request.log,
    route: {
      expect({ action, entity }: AuditAction) {
        const declared = request.routeOptions.config.audit
        if (!declared) throw new Error(`${route} declares no audit action`)
        if (declared.action !== action || declared.entity !== entity) {
          throw new Error(`${route} declares ${declared.action} but its command writes ${action}`)
        }
        if (request.isAudited) throw new Error(`${route} is already audited`)
      },
      audited() {
        request.isAudited = true
      },
    },
  }
}

/** A job's or a webhook's command context: the system acts. */
export function systemContext(app: FastifyInstance): CommandContext {
  return { db: app.db, now: app.now, actor: systemActor, bus: app.bus, log: app.log }
}
