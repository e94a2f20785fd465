import type { BusEvent } from '../../realtime/event-bus'
import {
  auditAction,
  auditedChange,
  fieldsOf,
  resultId,
  type AuditAction,
  type CommandContext,
} from '../audit/command'
import {
  platformGroup,
  reminderGroup,
  renewalGroup,
  securityGroup,
  supplierGroup,
  trialTrustGroup,
  type SettingsGroup,
} from './settings.service'

export type SettingsChange<T> = {
  group: SettingsGroup<T>
  audit: AuditAction
  /** What every process is told once a change has committed. */
  announce?: BusEvent
}

const change = <T>(group: SettingsGroup<T>, verb: string, announce?: BusEvent) => ({
  group,
  audit: auditAction('settings', verb),
  announce,
})

/** Each group of settings, the action its change is recorded as, and whom it concerns. */
export const settingsChanges = {
  platform: change(platformGroup, 'update'),
  // Sessions are judged by these rules: processes read them again.
  security: change(securityGroup, 'update_security', {
    kind: 'admin_account_changed',
    userId: null,
  }),
  trialTrust: change(trialTrustGroup, 'update_trial_trust'),
  supplier: change(supplierGroup, 'update_supplier'),
  reminders: change(reminderGroup, 'update_reminders'),
  renewals: change(renewalGroup, 'update_renewals'),
}

/** A group of settings saved whole, validated by the group's schema. */
export async function saveSettings<T extends object>(
  ctx: CommandContext,
  { group, audit, announce }: SettingsChange<T>,
  values: T,
): Promise<T> {
  const entry = { entityId: resultId, details: fieldsOf(values) }
  const saved = await auditedChange(ctx, audit, entry, (tx) => group.save(tx, values, ctx.now()))
  if (announce) await ctx.bus.publish(announce)
  return saved
}
