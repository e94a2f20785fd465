import { describe, expect, it } from 'vitest'
import { auditLog } from '../../db/schema/audit-log'
import { createClient } from '../../test/http-client'
import { useMailServer } from '../../test/mail-server'
import { databaseKinds } from '../../test/test-server'

const minute = 60_000

describe.each(databaseKinds)('the outbox on %s', (kind) => {
  const t = useMailServer(kind)
  let sequence = 0

  /** A ticket (its confirmation queued), with an address of its own; answers that address. */
  async function queueOne() {
    sequence += 1
    const email = `retry${sequence}@example.com`
    const answer = await createClient(t.server.baseUrl).post('/api/support-tickets', {
      customerName: 'Ola',
      customerEmail: email,
      subject: `Ticket ${sequence}`,
      description: 'Please help',
    })
    expect(answer.status).toBe(201)
    return email
  }
  const only = async (email: string) => (await t.messagesTo(email))[0]!

  it('retries after 4xx and 5xx refusals with backoff, then sends once', async () => {
    const email = await queueOne()
    t.smtp.behaviours.push(
      { kind: 'refuse', code: 451, message: 'Try again later' },
      { kind: 'refuse', code: 554, message: 'Transaction failed' },
    )
    expect(await t.flush()).toHaveLength(0)
    expect(await only(email)).toMatchObject({
      status: 'queued',
      attempts: 1,
      lastError: expect.stringContaining('Try again later'),
    })
    // Not due yet: the backoff holds it.
    expect(await t.flush()).toHaveLength(0)
    expect((await only(email)).attempts).toBe(1)

    t.advance(minute)
    expect(await t.flush()).toHaveLength(0)
    expect(await only(email)).toMatchObject({
      attempts: 2,
      lastError: expect.stringContaining('Transaction failed'),
    })
    t.advance(2 * minute)
    const [mail] = await t.flush()
    expect(mail!.to).toMatchObject({ text: email })
    expect(await only(email)).toMatchObject({ status: 'sent', attempts: 3, lastError: null })
  })

  it('waits out a mail server that is down, then sends when it is back', async () => {
    const email = await queueOne()
    await t.smtp.stop()
    try {
      expect(await t.flush()).toHaveLength(0)
      expect(await only(email)).toMatchObject({
        status: 'queued',
        lastError: expect.stringMatching(/ECONNREFUSED|connect/i),
      })
    } finally {
      await t.smtp.start()
    }
    t.advance(minute)
    expect(await t.flush()).toHaveLength(1)
    expect((await only(email)).status).toBe('sent')
  })

  it('gives up after the last attempt with the reason, and a resend queues a copy', async () => {
    const email = await queueOne()
    for (let attempt = 0; attempt < 8; attempt++) {
      t.smtp.behaviours.push({ kind: 'refuse', code: 550, message: 'Mailbox unavailable' })
    }
    for (let attempt = 0; attempt < 8; attempt++) {
      await t.flush()
      t.advance(60 * minute)
    }
    const failed = await only(email)
    expect(failed).toMatchObject({
      status: 'failed',
      attempts: 8,
      lastError: expect.stringContaining('Mailbox unavailable'),
    })

    const person = await t.newPerson({ email })
    const listed = await t.admin.get(`/api/messages/people/${person.id}`)
    expect(listed.body).toEqual([
      expect.objectContaining({ id: failed.id, status: 'failed', kind: 'ticket_created' }),
    ])
    expect(JSON.stringify(listed.body)).not.toContain('variables')

    const resent = await t.admin.post(`/api/messages/${failed.id}/resend`)
    expect(resent.status).toBe(201)
    expect(resent.body).toMatchObject({ status: 'queued', attempts: 0 })
    const [mail] = await t.flush()
    expect(mail!.messageId).toBe(`<${resent.body.id}@streamline.test>`)
    const after = await t.admin.get(`/api/messages/people/${person.id}`)
    expect(after.body.map((message: { status: string }) => message.status).sort()).toEqual([
      'failed',
      'sent',
    ])
    expect((await t.admin.post(`/api/messages/${crypto.randomUUID()}/resend`)).status).toBe(404)
  })
})

describe.each(databaseKinds)('a mail server refusing the login, on %s', (kind) => {
  // A wrong password is still the app's secret, and this server repeats what it was sent.
  const secret = 'wrong-Pass-77!'
  const t = useMailServer(kind, {}, secret)

  it('keeps the SMTP password out of errors, answers, logs and the audit trail', async () => {
    const test = await t.admin.post('/api/messages/test', {
      kind: 'ticket_created',
      subject: 'Hi',
      body: 'Test',
      to: 'support@example.com',
    })
    expect(test.status).toBe(502)
    expect(test.body.message).toContain('Invalid username or password (***)')

    await createClient(t.server.baseUrl).post('/api/support-tickets', {
      customerName: 'Uma',
      customerEmail: 'uma@example.com',
      subject: 'Login',
      description: 'Cannot sign in',
    })
    expect(await t.flush()).toHaveLength(0)
    const [message] = await t.messagesTo('uma@example.com')
    expect(message).toMatchObject({
      status: 'queued',
      lastError: expect.stringContaining('Invalid username or password (***)'),
    })
    const person = await t.newPerson({ email: 'uma@example.com' })
    const answers = [
      test.body,
      (await t.admin.get('/api/messages/status')).body,
      (await t.admin.get(`/api/messages/people/${person.id}`)).body,
      (await t.admin.get('/api/audit-log')).body,
    ]
    const trail = await t.server.app.db.select().from(auditLog)
    const everything = [JSON.stringify(answers), JSON.stringify(trail), ...t.logs].join('\n')
    expect(t.logs.length).toBeGreaterThan(0)
    for (const form of [
      secret,
      encodeURIComponent(secret),
      Buffer.from(secret).toString('base64'),
    ]) {
      expect(everything).not.toContain(form)
    }
  })
})
