import type { FastifyBaseLogger } from 'fastify'
import type { AuditDetails } from '../../../common/audit'
import type { Db } from '../../db/client'
import { HttpError } from '../../lib/http-error'
import { retryOnDeadlock } from '../../lib/database-errors'
import type { EventBus } from '../../realtime/event-bus'
import { currentSubject } from './audit-subjects'
import { recordAudit, type Actor } from './audit.service'

export type { Actor } from './audit.service'

/** Jobs and webhooks act as the system: their entries name no admin. */
export const systemActor: Actor = { id: null, username: 'system' }

/** A trail entry's kind, named by the command that writes it; its route declares the same. */
export type AuditAction = { action: string; entity: string }

/** `auditAction('plan', 'create')`: `plan.create` on `plan`. */
export const auditAction = (entity: string, verb: string): AuditAction => ({
  action: `${entity}.${verb}`,
  entity,
})

/**
 * What a command is given besides its input, the same from a route, a job or a webhook
 * (`commandContext(request)`, `systemContext(app)`). A command that needs more (the panel, the
 * outbox) asks for this and that: `CommandContext & { access: SupplierAccess }`.
 */
export type CommandContext = {
  db: Db
  now(): Date
  /** Who acts: an admin, the system, or null for a visitor (who can write no trail entry). */
  actor: Actor | null
  /** For events, published by the command after its transaction commits. */
  bus: EventBus
  log: FastifyBaseLogger
  /**
   * The request's route, when a request runs the command: it must declare the action the
   * command writes, once, and is marked audited when the entry commits (plugins/audit.ts).
   */
  route?: { expect(audit: AuditAction): void; audited(): void }
}

export type AuditEntry<T> = {
  /** The entity changed; known before the change (its name is read first) or from the result. */
  entityId: string | null | ((result: T) => string | null)
  /** Never values a person typed as secrets: `fieldsOf(input)` names the fields changed. */
  details: AuditDetails | null | ((result: T) => AuditDetails | null)
}

/** The entry's default details: which fields the input set, never their values. */
export const fieldsOf = (input: object): AuditDetails => ({ fields: Object.keys(input) })

/** The entity id of an action that creates: the result's `id`. */
export function resultId(result: unknown): string | null {
  const id = result && typeof result === 'object' ? (result as { id?: unknown }).id : undefined
  return typeof id === 'string' ? id : null
}

/**
 * Runs a command's change and writes its trail entry in one transaction: both commit or neither
 * does; run again when PostgreSQL broke a deadlock by rolling it back. `change` must query only the `tx` it is given (on PGlite the global handle deadlocks
 * inside a transaction); the command publishes its events once this returns, after the commit.
 */
export async function auditedChange<T>(
  ctx: CommandContext,
  audit: AuditAction,
  entry: AuditEntry<T>,
  change: (tx: Db) => Promise<T>,
): Promise<T> {
  ctx.route?.expect(audit)
  const { actor } = ctx
  if (!actor) throw new HttpError(401, 'Authentication required')
  // A change is database work alone (the outside world is called before or after it), so a
  // transaction PostgreSQL rolled back to break a deadlock runs again whole.
  const result = await retryOnDeadlock(() =>
    ctx.db.transaction(async (tx) => {
      // Read first, so that a deleted entity is still named in its entry.
      const knownId = typeof entry.entityId === 'function' ? null : entry.entityId
      const subjectBefore = knownId
        ? await currentSubject(tx, { entityType: audit.entity, entityId: knownId })
        : null
      const result = await change(tx)
      const { entityId, details } = entry
      try {
        await recordAudit(tx, {
          actor,
          action: audit.action,
          entityType: audit.entity,
          entityId: typeof entityId === 'function' ? entityId(result) : entityId,
          details: typeof details === 'function' ? details(result) : details,
          subjectBefore,
          now: ctx.now(),
        })
      } catch (error) {
        ctx.log.error({ err: error }, 'Could not record the audit entry; the change is undone')
        throw new HttpError(
          503,
          'The change could not be recorded, so it was not saved. Try again.',
        )
      }
      return result
    }),
  )
  ctx.route?.audited()
  return result
}

/** The admin who acts, for a command only an admin may run (a note signed with their name). */
export function actingAdmin(ctx: CommandContext): { id: string; username: string } {
  const { actor } = ctx
  if (!actor?.id) throw new HttpError(401, 'Authentication required')
  return { id: actor.id, username: actor.username }
}

/** A command that ends without a change (a dry run, a refused file) owes its route no entry. */
export function nothingChanged(ctx: CommandContext): void {
  ctx.route?.audited()
}
