import { describe, expect, it } from 'vitest'
import { openAdminSocket, openSocket } from '../test/socket-client'
import { postgresOnly, useAdminServer } from '../test/test-server'

const publicUrl = 'https://tv.example'

describe.each(postgresOnly)('the /ws handshake on %s', (kind) => {
  const context = useAdminServer(kind, { env: { PUBLIC_URL: publicUrl } })

  it.each([
    ['another Origin', { origin: 'https://evil.example' }],
    ['a sibling subdomain', { origin: 'https://chat.tv.example' }],
    ['an opaque Origin', { origin: 'null' }],
    ['no Origin but Sec-Fetch-Site cross-site', { 'sec-fetch-site': 'cross-site' }],
    ['no Origin but Sec-Fetch-Site same-site', { 'sec-fetch-site': 'same-site' }],
  ])('does not upgrade %s, even with an admin cookie', async (_, headers) => {
    const { server, admin } = context
    await expect(openSocket(server.baseUrl, admin.cookie, headers)).rejects.toThrow(
      'Unexpected server response: 403',
    )
  })

  // Scheme and port, and the listening address when PUBLIC_URL names another: lib/cross-site.test.
  it("upgrades PUBLIC_URL's Origin and verifies the admin", async () => {
    const { server, admin } = context
    const socket = await openAdminSocket(server.baseUrl, admin.cookie, { origin: publicUrl })
    socket.close()
  })
})
