import type { z } from 'zod'
import type { createM3uLineInputFor } from '../../../common/m3u'
import {
  actingAdmin,
  auditAction,
  auditedChange,
  fieldsOf,
  type AuditAction,
  type CommandContext,
} from '../audit/command'
import { changePersonLineNow, type LineAction } from './line-actions'
import { commandOutcome } from './line-outcome'
import { createM3uLine } from './m3u.service'
import { createPersonLine } from './person-lines.service'
import type { SupplierAccess } from './supplier-access'

/** A command that calls the supplier panel: the panel's access besides the usual context. */
export type PanelContext = CommandContext & { access: SupplierAccess }

const lineAction = (verb: string) => auditAction('m3u_line', verb)
export const lineActions = {
  create: lineAction('create'),
  change: {
    disable: lineAction('disable'),
    enable: lineAction('enable'),
    reset_password: lineAction('reset_password'),
  } satisfies Record<LineAction, AuditAction>,
}

/**
 * A line bought on the panel from the M3U tools, recorded once the panel sold it; the same
 * `requestId` again answers the line it bought, recorded as a replay.
 */
export async function orderLine(
  ctx: PanelContext,
  input: z.output<ReturnType<typeof createM3uLineInputFor>>,
) {
  const { username } = actingAdmin(ctx)
  const entry = {
    entityId: ({ line }: { line: { id: string } }) => line.id,
    details: ({ isNew }: { isNew: boolean }) =>
      isNew ? fieldsOf(input) : { outcome: 'replayed' as const },
  }
  return createM3uLine(ctx.access, input, username, (write) =>
    auditedChange(ctx, lineActions.create, entry, write),
  )
}

/** The person's line made on the panel, or the one made before (person-lines.service.ts). */
export async function makePersonLine(
  ctx: PanelContext,
  { personId, apiKey }: { personId: string; apiKey?: string },
) {
  return createPersonLine(ctx.access, personId, {
    apiKey,
    actor: actingAdmin(ctx).username,
    commit: commandOutcome(ctx, lineActions.create),
    checkLater: true,
  })
}

/** Disable, enable or a new password: recorded, then pushed to the panel (line-actions.ts). */
export async function actOnPersonLine(
  ctx: PanelContext,
  { personId, action, apiKey }: { personId: string; action: LineAction; apiKey?: string },
) {
  return changePersonLineNow(ctx.access, personId, action, {
    apiKey,
    actor: actingAdmin(ctx).username,
    commit: commandOutcome(ctx, lineActions.change[action]),
  })
}
