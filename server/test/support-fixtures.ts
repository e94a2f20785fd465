import { createClient } from './http-client'
import { owner, startTestServer, type DatabaseKind, type TestServer } from './test-server'

type Ticket = { customerName: string; subject?: string; description?: string }

/** A test server with its owner signed in, and a support ticket a customer opened on it. */
export async function startWithTicket(
  kind: DatabaseKind,
  { customerName, subject = 'Help', description = 'Something is wrong' }: Ticket,
): Promise<{ server: TestServer; admin: ReturnType<typeof createClient>; ticketId: string }> {
  const server = await startTestServer(kind)
  const admin = createClient(server.baseUrl)
  await admin.login(owner.username, owner.password)
  const { body } = await createClient(server.baseUrl).post('/api/support-tickets', {
    customerName,
    customerEmail: `${customerName.toLowerCase()}@example.com`,
    subject,
    description,
  })
  return { server, admin, ticketId: body.id }
}
