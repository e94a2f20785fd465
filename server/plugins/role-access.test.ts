import { beforeAll, describe, expect, it } from 'vitest'
import { rawRequest, type RawResponse } from '../test/raw-request'
import { walkRoutes } from '../test/route-walk'
import { createClient } from '../test/http-client'
import { seedAdmin } from '../test/seed-admin'
import { postgresOnly, useAdminServer } from '../test/test-server'
import { callers, mayCall, routeAccess, type Caller } from './route-access'

// The guard's own refusals; a handler's 401/403 (a wrong password, say) reads otherwise.
const guardRefusals = new Set([
  'Authentication required',
  'Staff only',
  'Your role may not do this: ask an admin',
  'Only a super admin may do this',
  'Sign in to see your account',
])

/** HEAD answers carry no body: there the status alone tells. */
function isGuardRefusal(method: string, answer: RawResponse): boolean {
  if (![401, 403].includes(answer.status)) return false
  if (method === 'HEAD') return true
  const message = (answer.json as { message?: unknown } | undefined)?.message
  return guardRefusals.has(String(message))
}

/**
 * What a support agent may call: the inbox, the people they help (names, contacts, plan, line,
 * messages sent, notes) and their own account. Widening it is a decision, so it is spelled out.
 */
const supportRoutes = [
  'GET /api/admin/session',
  'POST /api/admin/new-password',
  'POST /api/admin/password',
  'POST /api/admin/two-factor/setup',
  'POST /api/admin/two-factor/enable',
  'POST /api/admin/two-factor/recovery-codes',
  'POST /api/admin/two-factor/disable',
  'GET /api/trial-requests',
  'GET /api/trial-requests/search',
  'GET /api/people/:id',
  'POST /api/people/:id/notes',
  'DELETE /api/people/:id/notes/:noteId',
  'GET /api/support-tickets',
  'GET /api/support-tickets/lobby',
  'PATCH /api/support-tickets/:id',
  'POST /api/support-tickets/:id/read',
  'GET /api/support-tickets/:id/notes',
  'POST /api/support-tickets/:id/notes',
  'GET /api/support/agent-profile',
  'PUT /api/support/agent-profile',
  'GET /api/support/saved-replies',
  'POST /api/support/saved-replies',
  'PUT /api/support/saved-replies/:id',
  'DELETE /api/support/saved-replies/:id',
  'GET /api/notifications/admin/',
  'GET /api/trial-requests/:id/connections',
  'GET /api/trial-requests/:id/line',
  'GET /api/trial-requests/:id/telegram',
  'GET /api/messages/people/:id',
  'GET /api/messages/people/:id/preferences',
  'POST /api/messages/:id/resend',
]

/** Whatever else is added, a support agent never reaches these. */
const neverForSupport = [
  /revenue/,
  /^\w+ \/api\/payments/,
  /export/,
  /\/api\/settings\//,
  /\/api\/admin\/users/,
  /\/api\/maintenance\//,
  /\/api\/supplier\//,
  /\/api\/m3u-lines/,
  /\/subscription|\/payments$|\/checkout$/,
]

describe.each(postgresOnly)('every route for every staff role (%s)', (kind) => {
  const context = useAdminServer(kind, { env: { SPORTS_API_BASE: 'http://127.0.0.1:9' } })
  const cookies = {} as Record<Caller, string | null>

  beforeAll(async () => {
    const { app, baseUrl } = context.server
    cookies.anonymous = null
    cookies.super_admin = context.admin.cookie
    for (const role of ['support', 'admin'] as const) {
      const account = { username: `walk.${role}`, password: `${role}-walk-password-1` }
      await seedAdmin(app.db, { ...account, role })
      const client = createClient(baseUrl)
      await client.login(account.username, account.password)
      cookies[role] = client.cookie
    }
  })

  it('lets each caller through exactly where the route declares it', async () => {
    const { app, baseUrl } = context.server
    const problems: string[] = []
    // The build's hashed files are served alike: the first stands for all.
    const firstAsset = app.routeList.findIndex(({ route }) => route.url.startsWith('/assets/'))
    const walked = walkRoutes(app)
    for (const [index, { route: options }] of app.routeList.entries()) {
      if (options.url.startsWith('/assets/') && index !== firstAsset) continue
      const route = walked[index]!
      const access = routeAccess(options.config)
      const answers = await Promise.all(
        callers.map((caller) =>
          rawRequest(baseUrl, route.method, route.path, {
            headers: {
              origin: baseUrl,
              ...(cookies[caller] ? { cookie: cookies[caller] } : {}),
              // A body no route parses: an admitted change stops at 415, before its handler.
              ...(['GET', 'HEAD'].includes(route.method)
                ? {}
                : { 'content-type': 'application/x-route-walk' }),
            },
            body: ['GET', 'HEAD'].includes(route.method) ? undefined : 'walk',
          }),
        ),
      )
      answers.forEach((answer, index) => {
        const caller = callers[index]!
        const expected = mayCall(caller, access)
        if (expected === !isGuardRefusal(route.method, answer)) return
        const seen = `${answer.status} ${answer.text.slice(0, 80)}`
        problems.push(`${route.method} ${route.url} as ${caller} (${access}): ${seen}`)
      })
    }
    expect(problems).toEqual([])
  }, 120_000)

  it('gives support the inbox, the people it helps and its own account, nothing more', () => {
    const reachable = context.server.app.routeList
      .filter(({ method, route }) => method !== 'HEAD' && routeAccess(route.config) === 'support')
      .map(({ method, route }) => `${method} ${route.url}`)
    expect(reachable.sort()).toEqual([...supportRoutes].sort())
    const forbidden = reachable.filter((route) => neverForSupport.some((bad) => bad.test(route)))
    expect(forbidden).toEqual([])
  })
})
