import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createClient } from '../../test/http-client'
import { seedAdmin } from '../../test/seed-admin'
import { openSocket } from '../../test/socket-client'
import { postgresOnly, owner, startTestServer, type TestServer } from '../../test/test-server'

describe.each(postgresOnly)("an agent's first reply on %s", (kind) => {
  let server: TestServer
  let admin: ReturnType<typeof createClient>
  let ada: ReturnType<typeof createClient>

  beforeAll(async () => {
    server = await startTestServer(kind)
    admin = createClient(server.baseUrl)
    await admin.login(owner.username, owner.password)
    await seedAdmin(server.app.db, { username: 'Ada', password: 'a-long-enough-password-1' })
    ada = createClient(server.baseUrl)
    await ada.login('Ada', 'a-long-enough-password-1')
  })
  afterAll(() => server.close())

  async function open(subject: string) {
    const { body } = await createClient(server.baseUrl).post('/api/support-tickets', {
      customerName: 'Rae',
      customerEmail: 'rae@example.com',
      subject,
      description: 'The guide stops loading',
    })
    return body.id as string
  }
  const reply = (client: typeof admin, ticketId: string, message: string) =>
    client.post('/api/chat-messages', { ticketId, senderType: 'admin', message })
  const ticket = async (id: string) =>
    (await createClient(server.baseUrl).get(`/api/support-tickets/${id}`)).body

  it('moves an open ticket to in progress and gives it to the agent, telling the customer', async () => {
    const id = await open('Guide')
    const customer = await openSocket(server.baseUrl)
    customer.send({ type: 'identify', role: 'customer', key: id })
    await customer.waitFor((frame) => frame.type === 'auth:verified')
    const staff = await openSocket(server.baseUrl, admin.cookie)
    staff.send({ type: 'identify', role: 'admin', key: null })
    await staff.waitFor((frame) => frame.type === 'auth:verified')

    expect((await reply(ada, id, 'Looking at it')).status).toBe(201)
    expect(await ticket(id)).toMatchObject({ status: 'in_progress', assignedTo: 'Ada' })
    const seen = await customer.waitFor((frame) => frame.type === 'ticket:updated')
    expect(seen.ticket).toMatchObject({ id, status: 'in_progress', assignedTo: 'Ada' })
    await staff.waitFor((frame) => frame.type === 'ticket:updated' && frame.ticket.id === id)

    // A second agent's answer does not take it from the first.
    await reply(admin, id, 'Ada has it')
    expect(await ticket(id)).toMatchObject({ status: 'in_progress', assignedTo: 'Ada' })
    for (const socket of [customer, staff]) socket.close()
  })

  it('keeps an assignee chosen before the first reply', async () => {
    const id = await open('Assigned first')
    await admin.request('PATCH', `/api/support-tickets/${id}`, { assignedTo: 'Ada' })
    await reply(admin, id, 'Hello')
    expect(await ticket(id)).toMatchObject({ status: 'in_progress', assignedTo: 'Ada' })
  })

  it('leaves a ticket alone after its first reply, as the agents set it', async () => {
    const id = await open('Handed back')
    await reply(admin, id, 'First answer')
    await admin.request('PATCH', `/api/support-tickets/${id}`, { status: 'open', assignedTo: null })
    await reply(ada, id, 'Second answer')
    expect(await ticket(id)).toMatchObject({ status: 'open', assignedTo: null })
  })

  it('takes the ticket once when two agents answer at the same moment', async () => {
    const id = await open('Both at once')
    await Promise.all([reply(admin, id, 'Mine'), reply(ada, id, 'Mine too')])
    const taken = await ticket(id)
    expect(taken.status).toBe('in_progress')
    expect([owner.username, 'Ada']).toContain(taken.assignedTo)
  })
})
