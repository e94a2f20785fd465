import type { FastifyContextConfig, RouteOptions } from 'fastify'
import { adminRoles, hasRole, type AdminRole } from '../../common/admin-users'

/** Who may call a route: anyone, or staff from this role up. */
export type RouteAccess = 'public' | AdminRole

/** The callers the access table has a column for: a visitor, then each staff role. */
export const callers = ['anonymous', ...adminRoles] as const
export type Caller = (typeof callers)[number]

/** What the route's config declares, as the auth guard reads it (no role: admins). */
export function routeAccess(config: FastifyContextConfig | undefined): RouteAccess {
  if (config?.public) return 'public'
  return config?.role ?? 'admin'
}

export function mayCall(caller: Caller, access: RouteAccess): boolean {
  if (access === 'public') return true
  return caller !== 'anonymous' && hasRole(caller, access)
}

const mark = (allowed: boolean) => (allowed ? 'yes' : '—')

/**
 * Every route with who may call it, as a Markdown table for the README (the static files are
 * one row). `routes` is `app.routeList`; HEAD twins of GET routes are left out.
 */
export function accessTableMarkdown(routes: { method: string; route: RouteOptions }[]): string {
  const rows = new Map<string, RouteAccess>()
  for (const { method, route } of routes) {
    if (method === 'HEAD') continue
    const url = route.url.startsWith('/assets/') ? '/assets/*' : route.url
    rows.set(`| ${method} | \`${url}\` |`, routeAccess(route.config))
  }
  const header = `| Method | Route | ${callers.join(' | ')} |\n|---|---|${callers.map(() => '---').join('|')}|`
  const body = [...rows].map(
    ([start, access]) =>
      `${start} ${callers.map((caller) => mark(mayCall(caller, access))).join(' | ')} |`,
  )
  return [header, ...body].join('\n')
}
