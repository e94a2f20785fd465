import type { FastifyInstance, FastifyRequest, onSendHookHandler } from 'fastify'
import type { AuditDetails } from '../../common/audit'
import type { Db } from '../db/client'
import { HttpError } from '../lib/http-error'
import { currentSubject } from '../modules/audit/audit-subjects'
import { recordAudit } from '../modules/audit/audit.service'

const unsafeMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

// Tests turn a forgotten entry into a failure; production logs it and still answers.
const isTestRun = process.env.NODE_ENV === 'test' || Boolean(process.env.VITEST)

declare module 'fastify' {
  interface FastifyRequest {
    /** The route's audit entry has committed together with its change. */
    isAudited: boolean
  }
}

/** Route config recording `{entity}.{verb}` on `entity`: `auditAs('plan')('create')`. */
export const auditAs = (entity: string) => (verb: string) => ({
  audit: { action: `${entity}.${verb}`, entity },
})

export type AuditOptions<T> = {
  /** The entity changed; by default the `:id` parameter, else the result's `id`. */
  entityId?: string | null | ((result: T) => string | null)
  /** By default (or when it gives undefined) the body's field names, never values (passwords). */
  details?: AuditDetails | ((result: T) => AuditDetails | undefined)
}

function idOf(result: unknown): string | null {
  const id = result && typeof result === 'object' ? (result as { id?: unknown }).id : undefined
  return typeof id === 'string' ? id : null
}

function entityIdOf<T>(request: FastifyRequest, result: T, option: AuditOptions<T>['entityId']) {
  if (typeof option === 'function') return option(result)
  if (option !== undefined) return option
  return (request.params as { id?: string } | undefined)?.id ?? idOf(result)
}

function detailsOf<T>(request: FastifyRequest, result: T, option: AuditOptions<T>['details']) {
  const chosen = typeof option === 'function' ? option(result) : option
  if (chosen) return chosen
  const { body } = request
  return body && typeof body === 'object' ? { fields: Object.keys(body) } : null
}

/**
 * Runs an admin's change and writes the route's audit entry (`config.audit`) in one transaction:
 * both commit or neither does. `change` must query only the `tx` it is given (on PGlite the
 * global handle deadlocks inside a transaction), and events for the bus are published by the
 * caller once this returns, after the commit.
 */
export async function inAuditedTransaction<T>(
  request: FastifyRequest,
  change: (tx: Db) => Promise<T>,
  options: AuditOptions<T> = {},
): Promise<T> {
  const audit = request.routeOptions.config.audit
  if (!audit) throw new Error(`${request.routeOptions.url} declares no audit action`)
  if (request.isAudited) throw new Error(`${request.routeOptions.url} is already audited`)
  const actor = request.admin
  if (!actor) throw new HttpError(401, 'Authentication required')
  const server = request.server
  const result = await server.db.transaction(async (tx) => {
    // Read first, so that a deleted entity is still named in its entry.
    const knownId =
      typeof options.entityId === 'function' ? null : entityIdOf(request, null, options.entityId)
    const subjectBefore = knownId
      ? await currentSubject(tx, { entityType: audit.entity, entityId: knownId })
      : null
    const result = await change(tx)
    try {
      await recordAudit(tx, {
        actor,
        action: audit.action,
        entityType: audit.entity,
        entityId: entityIdOf(request, result, options.entityId),
        details: detailsOf(request, result, options.details),
        subjectBefore,
        now: server.now(),
      })
    } catch (error) {
      request.log.error({ err: error }, 'Could not record the audit entry; the change is undone')
      throw new HttpError(503, 'The change could not be recorded, so it was not saved. Try again.')
    }
    return result
  })
  request.isAudited = true
  return result
}

/**
 * Every admin change is recorded (who, what, when, which entity) by `inAuditedTransaction`. A
 * route that changes data without declaring its audit action stops the server at start-up, and
 * an audited route that succeeds without having recorded its entry is reported.
 */
/** An audited route that answers without changing anything (a dry run): no entry is owed. */
export function declareUnchanged(request: FastifyRequest): void {
  request.isAudited = true
}

export function registerAudit(app: FastifyInstance) {
  app.decorateRequest('isAudited', false)

  app.addHook('onRoute', (route) => {
    const methods = [route.method].flat()
    const isMutation = methods.some((method) => unsafeMethods.has(method))
    // Every admin-only route counts, whatever its path: access is not decided by URL either.
    const isStaffRoute = !route.config?.public && !route.config?.customer
    if (isMutation && isStaffRoute && route.config?.audit === undefined) {
      throw new Error(`${methods.join(',')} ${route.url} changes data but declares no audit action`)
    }
    // Checked on the audited routes only, so that reads pay nothing for it.
    if (route.config?.audit) route.onSend = [route.onSend ?? []].flat().concat(reportUnaudited)
  })
}

const reportUnaudited: onSendHookHandler = async (request, reply, payload) => {
  const isSuccess = reply.statusCode >= 200 && reply.statusCode < 300
  if (request.isAudited || !isSuccess) return payload
  const route = `${request.method} ${request.routeOptions.url}`
  const problem = `${route} answered ${reply.statusCode} without recording its audit entry`
  request.log.error(problem)
  if (isTestRun) throw new Error(problem)
  return payload
}
