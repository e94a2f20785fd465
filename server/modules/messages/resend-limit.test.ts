import { beforeAll, describe, expect, it } from 'vitest'
import { createClient } from '../../test/http-client'
import { useMailServer } from '../../test/mail-server'
import { seedAdmin } from '../../test/seed-admin'
import { postgresOnly } from '../../test/test-server'
import { queueMessage } from './outbox.service'

const minute = 60_000

describe.each(postgresOnly)('resending one message (%s)', (kind) => {
  const t = useMailServer(kind)
  let support: ReturnType<typeof createClient>
  let sequence = 0

  beforeAll(async () => {
    const agent = { username: 'resend.support', password: 'resend-support-password-1' }
    await seedAdmin(t.server.app.db, { ...agent, role: 'support' })
    support = createClient(t.server.baseUrl)
    await support.login(agent.username, agent.password)
  })

  /** A subscription confirmation to a new person, as converting them queues it. */
  async function confirmation() {
    sequence += 1
    const person = await t.newPerson({ email: `resent${sequence}@example.com` })
    const message = { kind: 'subscription_started' as const, recipient: person.email }
    return queueMessage(t.server.app.db, { ...message, trialRequestId: person.id }, t.now)
  }
  const resend = (client: ReturnType<typeof createClient>, id: string) =>
    client.post(`/api/messages/${id}/resend`)

  it('allows 3 resends an hour, by admins and support together, and copies count as the message', async () => {
    const id = await confirmation()
    const first = await resend(t.admin, id)
    expect(first.status).toBe(201)
    t.advance(10 * minute)
    expect((await resend(support, id)).status).toBe(201)
    // Resending the copy is resending the message.
    expect((await resend(t.admin, first.body.id)).status).toBe(201)

    t.advance(5 * minute)
    const refused = await resend(support, first.body.id)
    expect(refused.status).toBe(429)
    expect(refused.body).toEqual({
      message: 'This message was already resent 3 times in the last hour. Try again in 45 minutes.',
    })
    expect(refused.headers.get('retry-after')).toBe(String(45 * 60))
    expect((await t.messagesTo(`resent${sequence}@example.com`)).length).toBe(4)

    // An hour after the first resend, one more may go.
    t.advance(45 * minute)
    expect((await resend(support, id)).status).toBe(201)
    expect((await resend(t.admin, id)).status).toBe(429)
  })

  it('counts resends sent at once one after the other: 3 of 6 go', async () => {
    const id = await confirmation()
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, index) => resend(index % 2 ? support : t.admin, id)),
    )
    const statuses = answers.map((answer) => answer.status).sort()
    expect(statuses).toEqual([201, 201, 201, 429, 429, 429])
  })

  it('counts each message apart', async () => {
    const [one, other] = [await confirmation(), await confirmation()]
    for (let time = 0; time < 3; time++) expect((await resend(t.admin, one)).status).toBe(201)
    expect((await resend(t.admin, one)).status).toBe(429)
    expect((await resend(t.admin, other)).status).toBe(201)
  })
})
