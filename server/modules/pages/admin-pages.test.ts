import { describe, expect, it } from 'vitest'
import { rawRequest } from '../../test/raw-request'
import { postgresOnly, useAdminServer } from '../../test/test-server'

// Stands in for the built app's HTML shell, so that pages are rendered without a build.
const pageTemplate =
  '<!doctype html><html><head><!--head--></head><body><div id="root"></div></body></html>'

describe.each(postgresOnly)('Business Center addresses on %s', (kind) => {
  const context = useAdminServer(kind, { pageTemplate })
  const anonymous = (path: string) => rawRequest(context.server.baseUrl, 'GET', path)

  it('serves the app shell at every /admin address, to anyone, never indexed', async () => {
    for (const path of [
      '/admin',
      '/admin/users',
      '/admin/users/0b6f0c47-5d5b-4b8f-9f3b-3b0e2f1c9a10',
      '/admin/support/0b6f0c47-5d5b-4b8f-9f3b-3b0e2f1c9a10',
      '/admin/financials/',
      '/admin/no-such-section',
    ]) {
      const page = await anonymous(path)
      expect(page.status, path).toBe(200)
      expect(page.contentType).toContain('text/html')
      expect(page.text).toContain('noindex')
      expect(page.text).toContain('Business Center')
    }
  })

  it('keeps every admin API behind the sign-in, whatever the page addresses', async () => {
    for (const path of ['/api/people/0b6f0c47-5d5b-4b8f-9f3b-3b0e2f1c9a10', '/api/admin/users']) {
      const answer = await anonymous(path)
      expect(answer.status, path).toBe(401)
      expect(answer.json).toEqual({ message: 'Authentication required' })
    }
  })

  it('still answers 404 beside /admin', async () => {
    expect((await anonymous('/administrator')).status).toBe(404)
  })
})
