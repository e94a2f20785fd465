/** Paths the web app renders; the server answers anything else with the 404 page. */
export const appRoutes = {
  home: '/',
  plans: '/plans',
  sports: '/sports',
  support: '/support',
  admin: '/admin',
  blog: '/blog',
  blogPost: '/blog/:slug',
} as const
