/** Paths the web app renders; anything else is the 404 page (and answers HTTP 404). */
export const appRoutes = {
  home: '/',
  plans: '/plans',
  sports: '/sports',
  support: '/support',
  admin: '/admin',
  blog: '/blog',
  blogPost: '/blog/:slug',
} as const

const blogPostPattern = /^\/blog\/[^/]+\/?$/

export function isAppRoute(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname
  return Object.values(appRoutes).some((route) => route === path) || blogPostPattern.test(pathname)
}
