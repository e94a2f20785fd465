import type { FastifyRequest } from 'fastify'
import type { AuditDetails } from '../../../common/audit'
import type { Db } from '../../db/client'
import { HttpError } from '../../lib/http-error'
import { currentSubject } from './audit-subjects'
import { recordAudit } from './audit.service'

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

/** An audited route that answers without changing anything (a dry run): no entry is owed. */
export function declareUnchanged(request: FastifyRequest): void {
  request.isAudited = true
}
