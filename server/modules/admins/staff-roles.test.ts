import { beforeAll, describe, expect, it } from 'vitest'
import { socketCloseCodes, type ServerFrame } from '../../../common/realtime'
import { createClient } from '../../test/http-client'
import { seedAdmin } from '../../test/seed-admin'
import { openAdminSocket } from '../../test/socket-client'
import { postgresOnly, useAdminServer } from '../../test/test-server'
import { createNotification, publishNotification } from '../notifications/notifications.service'

const notificationOf = (type: string) => (frame: ServerFrame) =>
  frame.type === 'notification:new' && frame.data.type === type

describe.each(postgresOnly)('staff roles (%s)', (kind) => {
  const context = useAdminServer(kind)
  let agentId: string
  const agentLogin = { username: 'agent.rosa', password: 'agent-rosa-password-1' }
  const signInAgent = async () => {
    const agent = createClient(context.server.baseUrl)
    await agent.login(agentLogin.username, agentLogin.password)
    return agent
  }

  beforeAll(async () => {
    agentId = (await seedAdmin(context.server.app.db, { ...agentLogin, role: 'support' })).id
  })

  it('keeps a support agent to the inbox: revenue, exports and settings answer 403', async () => {
    const agent = await signInAgent()
    expect((await agent.get('/api/support-tickets')).status).toBe(200)
    expect((await agent.get('/api/trial-requests')).status).toBe(200)
    for (const path of [
      '/api/revenue-analytics',
      '/api/payments',
      '/api/trial-requests/export.csv',
      '/api/settings/platform',
      '/api/admin/users',
      '/api/supplier/status',
    ]) {
      const answer = await agent.get(path)
      expect({ path, status: answer.status }).toEqual({ path, status: 403 })
    }
  })

  it('applies a new role on the next request, and only a super admin may give it', async () => {
    const agent = await signInAgent()
    expect((await agent.get('/api/payments')).status).toBe(403)
    const refused = await agent.patch(`/api/admin/users/${agentId}`, { role: 'super_admin' })
    expect(refused.status).toBe(403)

    const promoted = await context.admin.patch(`/api/admin/users/${agentId}`, { role: 'admin' })
    expect(promoted.status).toBe(200)
    expect(promoted.body).toMatchObject({ id: agentId, role: 'admin' })
    expect((await agent.get('/api/payments')).status).toBe(200)

    await context.admin.patch(`/api/admin/users/${agentId}`, { role: 'support' })
    expect((await agent.get('/api/payments')).status).toBe(403)
  })

  it('refuses a role that does not exist, naming the field, and the last super admin demoting', async () => {
    const bad = await context.admin.patch(`/api/admin/users/${agentId}`, { role: 'owner' })
    expect(bad.status).toBe(400)
    expect(bad.body.issues).toContainEqual({
      path: 'role',
      message: 'Role must be support, admin or super_admin',
    })
    const session = await context.admin.get('/api/admin/session')
    const self = await context.admin.patch(`/api/admin/users/${session.body.user.id}`, {
      role: 'admin',
    })
    expect(self.status).toBe(400)
    expect(self.body.message).toBe('You cannot change your own role')
  })

  it('signs a staff member out everywhere, sockets included', async () => {
    const first = await signInAgent()
    const second = await signInAgent()
    const socket = await openAdminSocket(context.server.baseUrl, first.cookie)
    const answer = await context.admin.post(`/api/admin/users/${agentId}/sign-out`)
    expect(answer.status).toBe(204)
    expect(await socket.closed).toMatchObject({ code: socketCloseCodes.sessionEnded })
    expect((await first.get('/api/admin/session')).status).toBe(401)
    expect((await second.get('/api/admin/session')).status).toBe(401)
    const unknown = '7b0c2d8e-1f4a-4c3b-9d5e-6a7b8c9d0e1f'
    expect((await context.admin.post(`/api/admin/users/${unknown}/sign-out`)).status).toBe(404)
  })

  it("tells a support agent's socket and bell of the inbox, never of money", async () => {
    const { app, baseUrl } = context.server
    const agent = await signInAgent()
    const agentSocket = await openAdminSocket(baseUrl, agent.cookie)
    const ownerSocket = await openAdminSocket(baseUrl, context.admin.cookie)
    const payment = await createNotification(app.db, {
      type: 'payment_received',
      entityId: agentId,
      recipientRole: 'admin',
      title: 'Payment received from Ada',
      body: '€30.00 with Stripe',
    })
    await publishNotification(app.bus, payment)
    await ownerSocket.waitFor(notificationOf('payment_received'))
    const visitor = createClient(baseUrl)
    const ticket = await visitor.post('/api/support-tickets', {
      customerName: 'Mia',
      customerEmail: 'mia@example.com',
      subject: 'Picture freezes',
      description: 'Details',
    })
    expect(ticket.status).toBe(201)
    await agentSocket.waitFor(notificationOf('support_ticket_created'))
    expect(agentSocket.frames.filter(notificationOf('payment_received'))).toEqual([])

    const bell = await agent.get('/api/notifications/admin/')
    const kinds = (bell.body as { type: string }[]).map((notification) => notification.type)
    expect(kinds).toContain('support_ticket_created')
    expect(kinds).not.toContain('payment_received')
    const ownerBell = await context.admin.get('/api/notifications/admin/')
    expect(ownerBell.body.map((n: { type: string }) => n.type)).toContain('payment_received')
    agentSocket.close()
    ownerSocket.close()
  })
})
