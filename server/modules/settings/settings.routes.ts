import type { FastifyInstance } from 'fastify'
import { apiErrorBody } from '../../../common/api'
import { commandContext } from '../audit/command-context'
import { saveSettings, settingsChanges, type SettingsChange } from './settings.commands'

type SettingsRoute<T> = {
  path: string
  change: SettingsChange<T>
  /** Who may change the group; every admin may read it. */
  role?: 'super_admin'
}

/** GET and PUT /api/settings/{path}: each PUT validated by the group's schema and audited. */
function settingsRoute<T extends object>(
  app: FastifyInstance,
  { path, change, role }: SettingsRoute<T>,
) {
  const { group, audit } = change
  // Not through the type provider, which cannot resolve a generic schema: the schemas still
  // validate the body and shape the answer, and the group's functions type them.
  const url = `/api/settings/${path}`
  app.get(url, { schema: { response: { 200: group.schema } } }, async () => group.get(app.db))
  app.put(
    url,
    {
      config: { role, audit },
      schema: { body: group.schema, response: { 200: group.schema, 400: apiErrorBody } },
    },
    async (request) => saveSettings(commandContext(request), change, request.body as T),
  )
}

export async function settingsRoutes(app: FastifyInstance) {
  settingsRoute(app, { path: 'platform', change: settingsChanges.platform })
  settingsRoute(app, { path: 'security', change: settingsChanges.security, role: 'super_admin' })
  settingsRoute(app, { path: 'trial-trust', change: settingsChanges.trialTrust })
  settingsRoute(app, { path: 'supplier', change: settingsChanges.supplier })
  settingsRoute(app, { path: 'reminders', change: settingsChanges.reminders })
  // What customers are charged and when their line goes off: the owner's call.
  settingsRoute(app, { path: 'renewals', change: settingsChanges.renewals, role: 'super_admin' })
}
