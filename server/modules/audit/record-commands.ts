import type { Db } from '../../db/client'
import type { PublicScope } from '../../realtime/event-bus'
import { auditAction, auditedChange, fieldsOf, resultId, type CommandContext } from './command'

type RecordStore<Values, Saved> = {
  /** The audit trail's entity; the actions are {entity}.create, .update and .delete. */
  entity: string
  /** What the public reads of these records, forgotten by every process after each change. */
  publicScope?: PublicScope
  create(db: Db, values: Values, now: Date): Promise<Saved>
  update(db: Db, id: string, values: Values, now: Date): Promise<Saved>
  remove(db: Db, id: string): Promise<void>
}

/** An admin collection's three commands, each audited in its transaction. */
export function recordCommands<Values extends object, Saved>(store: RecordStore<Values, Saved>) {
  const { entity, publicScope } = store
  const actions = {
    create: auditAction(entity, 'create'),
    update: auditAction(entity, 'update'),
    remove: auditAction(entity, 'delete'),
  }
  // After the commit, so that no process reloads the old records.
  const changed = async (ctx: CommandContext) => {
    if (publicScope) await ctx.bus.publish({ kind: 'public_content_changed', scope: publicScope })
  }
  return {
    actions,
    async create(ctx: CommandContext, values: Values): Promise<Saved> {
      const entry = { entityId: resultId, details: fieldsOf(values) }
      const saved = await auditedChange(ctx, actions.create, entry, (tx) =>
        store.create(tx, values, ctx.now()),
      )
      await changed(ctx)
      return saved
    },
    async update(ctx: CommandContext, { id, values }: { id: string; values: Values }) {
      const entry = { entityId: id, details: fieldsOf(values) }
      const saved = await auditedChange(ctx, actions.update, entry, (tx) =>
        store.update(tx, id, values, ctx.now()),
      )
      await changed(ctx)
      return saved
    },
    async remove(ctx: CommandContext, id: string): Promise<void> {
      await auditedChange(ctx, actions.remove, { entityId: id, details: null }, (tx) =>
        store.remove(tx, id),
      )
      await changed(ctx)
    },
  }
}

export type RecordCommands<Values extends object, Saved> = ReturnType<
  typeof recordCommands<Values, Saved>
>
