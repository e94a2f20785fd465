import type { FastifyContextConfig, RouteOptions } from 'fastify'
import { adminRoles, hasRole, type AdminRole } from '../../common/admin-users'

/** Who may call a route: anyone, a signed-in customer (their own page), or staff from this role up. */
export type RouteAccess = 'public' | 'customer' | AdminRole

/** The callers the access table has a column for: a visitor, then each staff role. */
export const callers = ['anonymous', ...adminRoles] as const
export type Caller = (typeof callers)[number]

/** What the route's config declares, as the auth guard reads it (no role: admins). */
export function routeAccess(config: FastifyContextConfig | undefined): RouteAccess {
  if (config?.public) return 'public'
  if (config?.customer) return 'customer'
  return config?.role ?? 'admin'
}

export function mayCall(caller: Caller, access: RouteAccess): boolean {
  if (access === 'public') return true
  // A customer's session is its own cookie: no staff session stands in for it.
  if (access === 'customer') return false
  return caller !== 'anonymous' && hasRole(caller, access)
}

const mark = (allowed: boolean) => (allowed ? 'yes' : '—')

/**
 * Every route with who may call it, as a Markdown table for the README. `routes` is
 * `app.routeList`; HEAD twins of GET routes are left out, and the web app's built files, there
 * only with a build, are one row at the end whether built or not.
 */
export function accessTableMarkdown(routes: { method: string; route: RouteOptions }[]): string {
  const rows = new Map<string, RouteAccess>()
  for (const { method, route } of routes) {
    if (method === 'HEAD' || route.config?.builtFile) continue
    rows.set(`| ${method} | \`${route.url}\` |`, routeAccess(route.config))
  }
  rows.set('| GET | the built web app (`/index.html`, `/assets/*`, …) |', 'public')
  // A signed-in customer is a column of its own: they reach the public routes and their own page.
  const columns = ['anonymous', 'customer', ...adminRoles] as const
  const allows = (column: (typeof columns)[number], access: RouteAccess) =>
    column === 'customer' ? access === 'public' || access === 'customer' : mayCall(column, access)
  const header = `| Method | Route | ${columns.join(' | ')} |\n|---|---|${columns.map(() => '---').join('|')}|`
  const body = [...rows].map(
    ([start, access]) =>
      `${start} ${columns.map((column) => mark(allows(column, access))).join(' | ')} |`,
  )
  return [header, ...body].join('\n')
}
