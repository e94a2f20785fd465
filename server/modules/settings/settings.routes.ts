import type { FastifyInstance } from 'fastify'
import { apiErrorBody } from '../../../common/api'
import { inAuditedTransaction } from '../audit/audited-transaction'
import type { BusEvent } from '../../realtime/event-bus'
import {
  platformGroup,
  reminderGroup,
  renewalGroup,
  securityGroup,
  supplierGroup,
  trialTrustGroup,
  type SettingsGroup,
} from './settings.service'

type SettingsRoute<T> = {
  path: string
  group: SettingsGroup<T>
  action: string
  /** Who may change the group; every admin may read it. */
  role?: 'super_admin'
  /** What every process is told once a change has committed. */
  announce?: BusEvent
}

/** GET and PUT /api/settings/{path}: each PUT validated by the group's schema and audited. */
function settingsRoute<T>(
  app: FastifyInstance,
  { path, group, action, role, announce }: SettingsRoute<T>,
) {
  // Not through the type provider, which cannot resolve a generic schema: the schemas still
  // validate the body and shape the answer, and the group's functions type them.
  const url = `/api/settings/${path}`
  app.get(url, { schema: { response: { 200: group.schema } } }, async () => group.get(app.db))
  app.put(
    url,
    {
      config: { role, audit: { action, entity: 'settings' } },
      schema: { body: group.schema, response: { 200: group.schema, 400: apiErrorBody } },
    },
    async (request) => {
      const saved = await inAuditedTransaction(request, (tx) =>
        group.save(tx, request.body as T, app.now()),
      )
      if (announce) await app.bus.publish(announce)
      return saved
    },
  )
}

export async function settingsRoutes(app: FastifyInstance) {
  settingsRoute(app, { path: 'platform', group: platformGroup, action: 'settings.update' })
  settingsRoute(app, {
    path: 'security',
    group: securityGroup,
    action: 'settings.update_security',
    role: 'super_admin',
    // Sessions are judged by these rules: processes read them again.
    announce: { kind: 'admin_account_changed', userId: null },
  })
  settingsRoute(app, {
    path: 'trial-trust',
    group: trialTrustGroup,
    action: 'settings.update_trial_trust',
  })
  settingsRoute(app, { path: 'supplier', group: supplierGroup, action: 'settings.update_supplier' })
  settingsRoute(app, {
    path: 'reminders',
    group: reminderGroup,
    action: 'settings.update_reminders',
  })
  settingsRoute(app, {
    path: 'renewals',
    group: renewalGroup,
    action: 'settings.update_renewals',
    // What customers are charged and when their line goes off: the owner's call.
    role: 'super_admin',
  })
}
