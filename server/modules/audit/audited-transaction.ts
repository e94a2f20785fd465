import type { FastifyRequest } from 'fastify'
import type { AuditDetails } from '../../../common/audit'
import type { Db } from '../../db/client'
import { auditAction, auditedChange, resultId } from './command'
import { commandContext } from './command-context'

/** Route config recording `{entity}.{verb}` on `entity`: `auditAs('plan')('create')`. */
export const auditAs = (entity: string) => (verb: string) => ({
  audit: auditAction(entity, verb),
})

export type AuditOptions<T> = {
  /** The entity changed; by default the `:id` parameter, else the result's `id`. */
  entityId?: string | null | ((result: T) => string | null)
  /** By default (or when it gives undefined) the body's field names, never values (passwords). */
  details?: AuditDetails | ((result: T) => AuditDetails | undefined)
}

/**
 * The route-shaped way to an audited change, for the modules not yet turned into commands
 * (payments, subscriptions, customer-account, m3u: decision 0055): the route's declared action,
 * the `:id` parameter and the body's field names stand in for what a command would say.
 */
export async function inAuditedTransaction<T>(
  request: FastifyRequest,
  change: (tx: Db) => Promise<T>,
  options: AuditOptions<T> = {},
): Promise<T> {
  const audit = request.routeOptions.config.audit
  if (!audit) throw new Error(`${request.routeOptions.url} declares no audit action`)
  const paramId = (request.params as { id?: string } | undefined)?.id
  const { body } = request
  const bodyFields = body && typeof body === 'object' ? { fields: Object.keys(body) } : null
  const option = options.details
  return auditedChange(
    commandContext(request),
    audit,
    {
      entityId: options.entityId !== undefined ? options.entityId : (paramId ?? resultId),
      details: (result) => (typeof option === 'function' ? option(result) : option) || bodyFields,
    },
    change,
  )
}

/** An audited route that answers without changing anything (a dry run): no entry is owed. */
export function declareUnchanged(request: FastifyRequest): void {
  request.isAudited = true
}
