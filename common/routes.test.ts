import { describe, expect, it } from 'vitest'
import { isAppRoute } from './routes'

describe('isAppRoute', () => {
  it.each(['/', '/plans', '/sports', '/support', '/admin', '/blog', '/blog/', '/blog/hello-world'])(
    'knows %s',
    (path) => expect(isAppRoute(path)).toBe(true),
  )

  it.each(['/nope', '/blog/a/b', '/admin/secret', '/plans/x', '/api/health'])(
    'treats %s as unknown',
    (path) => expect(isAppRoute(path)).toBe(false),
  )
})
