import { describe, expect, it } from 'vitest'
import { messageTemplates } from '../../db/schema/message-templates'
import { withNewEntries } from '../../test/audit-trail'
import { createClient } from '../../test/http-client'
import { mailFrom, useMailServer } from '../../test/mail-server'
import { seedAdmin } from '../../test/seed-admin'
import { postgresOnly, useAdminServer } from '../../test/test-server'

describe.each(postgresOnly)('message templates on %s', (kind) => {
  const t = useMailServer(kind)
  const templateOf = async (name: string) =>
    (await t.admin.get('/api/messages/templates')).body.find(
      (template: { kind: string }) => template.kind === name,
    )

  it('says e-mail is on and from which address', async () => {
    expect((await t.admin.get('/api/messages/status')).body).toEqual({
      isEmailEnabled: true,
      from: mailFrom,
      testRecipients: ['support@example.com', 'hello@streamline.test'],
    })
    expect((await createClient(t.server.baseUrl).get('/api/messages/status')).status).toBe(401)
  })

  it('refuses unknown variables with a 400 naming them', async () => {
    const answer = await t.admin.put('/api/messages/templates/ticket_created', {
      subject: 'Hello {brandName} {coupon}',
      body: 'Your {password} and {coupon}',
    })
    expect(answer.status).toBe(400)
    expect(answer.body.issues).toEqual([
      { path: 'subject', message: 'Unknown variables: {coupon}' },
      { path: 'body', message: 'Unknown variables: {password}, {coupon}' },
    ])
    const unknownKind = await t.admin.put('/api/messages/templates/newsletter', {
      subject: 'x',
      body: 'y',
    })
    expect(unknownKind.status).toBe(400)
    expect(unknownKind.body.issues[0].path).toBe('kind')
  })

  it('takes words for values that may be unknown only inside their {if}…{end}', async () => {
    const unguarded = await t.admin.put('/api/messages/templates/line_login', {
      subject: 'Your login for {ticketSubject}',
      body: 'Steps for {deviceName}.\n\n{if endDate}Until {endDate}.',
    })
    expect(unguarded.status).toBe(400)
    expect(unguarded.body.issues).toEqual([
      { path: 'subject', message: 'Unknown variables: {ticketSubject}' },
      {
        path: 'body',
        message:
          'Sometimes unknown, so only inside {if name}…{end}: {if deviceName}…{deviceName}…{end}',
      },
      { path: 'body', message: '{if endDate} needs an {end}' },
    ])
    const stranger = await t.admin.put('/api/messages/templates/ticket_created', {
      subject: 'We received: {ticketSubject}',
      body: 'Thanks',
    })
    expect(stranger.body.issues).toEqual([
      {
        path: 'subject',
        message: 'Written by the customer, so only in the body: {ticketSubject}',
      },
    ])

    const words = {
      subject: 'Your login',
      body: 'Your URL{if deviceName}, with the steps for {deviceName}{end}.',
    }
    expect((await t.admin.put('/api/messages/templates/line_login', words)).status).toBe(200)
    const preview = await t.admin.post('/api/messages/preview', { kind: 'line_login', ...words })
    expect(preview.body.text).toContain('Your URL, with the steps for TiviMate.')
    await t.admin.delete('/api/messages/templates/line_login')
  })

  it('sends with the saved words, audited, and goes back to the default when reset', async () => {
    const words = {
      subject: 'Ticket in at {brandName}',
      body: 'We are on it, {firstName}: {ticketSubject}.',
    }
    const { result: saved, entries } = await withNewEntries(t.server.app.db, () =>
      t.admin.put('/api/messages/templates/ticket_created', words),
    )
    expect(saved.status).toBe(200)
    expect(saved.body).toMatchObject({ ...words, isDefault: false })
    expect(entries).toMatchObject([
      { action: 'message_template.update', entityId: 'ticket_created' },
    ])

    await createClient(t.server.baseUrl).post('/api/support-tickets', {
      customerName: 'Rae Moon',
      customerEmail: 'rae@example.com',
      subject: 'Buffering',
      description: 'It stops every minute',
    })
    const [mail] = await t.flush()
    expect(mail!.subject).toBe('Ticket in at StreamLine')
    expect(mail!.text).toContain('We are on it, Rae: Buffering.')

    const reset = await t.admin.delete('/api/messages/templates/ticket_created')
    expect(reset.status).toBe(200)
    expect(await templateOf('ticket_created')).toMatchObject({
      isDefault: true,
      subject: 'We received your {brandName} support ticket',
    })
  })

  it('sends the default instead of words saved before today’s rules, and says so', async () => {
    // Saved by an older version, which had neither rule: straight into the table.
    await t.server.app.db.insert(messageTemplates).values([
      {
        kind: 'ticket_created',
        subject: 'We received: {ticketSubject}',
        body: 'Thanks, {firstName}.',
      },
      {
        kind: 'line_login',
        subject: 'Your login',
        body: 'Your URL, with the steps for {deviceName}.',
      },
    ])
    expect(await templateOf('ticket_created')).toMatchObject({
      isDefault: false,
      problems: ['Subject: Written by the customer, so only in the body: {ticketSubject}'],
    })
    expect((await templateOf('line_login')).problems).toEqual([
      'Body: Sometimes unknown, so only inside {if name}…{end}: {if deviceName}…{deviceName}…{end}',
    ])

    await createClient(t.server.baseUrl).post('/api/support-tickets', {
      customerName: 'Ada Vale',
      customerEmail: 'ada@example.com',
      subject: 'Urgent: verify at evil.test',
      description: 'It stops',
    })
    const person = await t.newPerson({ email: 'lee@example.com' })
    expect((await t.admin.post(`/api/trial-requests/${person.id}/line`, {})).status).toBe(201)
    const mails = await t.flush()
    expect(mails.map((mail) => mail.subject).sort()).toEqual([
      'We received your StreamLine support ticket',
      'Your StreamLine login is ready',
    ])
    for (const mail of mails) expect(mail.text).not.toMatch(/ \.|for\./)
    // A warning names the kind and the rule, never the words or a recipient.
    const warnings = t.logs.filter((line) => line.includes('sending the default instead'))
    expect(warnings.map((line) => JSON.parse(line).kind).sort()).toEqual([
      'line_login',
      'ticket_created',
    ])
    expect(warnings.join('')).not.toMatch(/ada@|lee@|verify at/)

    await t.admin.delete('/api/messages/templates/ticket_created')
    await t.admin.delete('/api/messages/templates/line_login')
    expect((await templateOf('line_login')).problems).toEqual([])
  })

  it('previews unsaved words with sample values, escaped', async () => {
    const answer = await t.admin.post('/api/messages/preview', {
      kind: 'line_login',
      subject: 'Login {username}',
      body: 'Hi {if firstName}{firstName}{end}, <b>welcome</b>. Your user: {username}',
    })
    expect(answer.status).toBe(200)
    expect(answer.body.subject).toBe('Login sl7k2m9qxa')
    expect(answer.body.html).toContain('Hi Alex, &lt;b&gt;welcome&lt;/b&gt;. Your user: sl7k2m9qxa')
    expect(answer.body.html).toContain('src="data:image/png;base64,')
    expect(answer.body.text).toContain('Xq3v9LmP2sT8wK4r')
  })

  it('sends a test only to the installation’s own addresses, 5 an hour per admin', async () => {
    const test = (to: string, client = t.admin) =>
      client.post('/api/messages/test', {
        kind: 'renewal_confirmation',
        subject: 'Test: until {endDate}',
        body: 'Renewed{if planName} {planName}{end}',
        to,
      })
    const stranger = await test('victim@example.net')
    expect(stranger.status).toBe(400)
    expect(stranger.body.issues).toEqual([
      { path: 'to', message: 'A test goes to support@example.com or hello@streamline.test only' },
    ])

    const before = t.smtp.received.length
    for (const to of ['support@example.com', 'Hello@Streamline.test', 'support@example.com']) {
      expect((await test(to)).status).toBe(200)
    }
    const mail = t.smtp.received.at(-1)!
    expect(mail.to).toMatchObject({ text: 'support@example.com' })
    expect(mail.subject).toBe('Test: until 31 March 2027')
    expect(mail.text).toContain('Renewed Family Plus')
    expect((await test('support@example.com')).status).toBe(200)
    expect((await test('support@example.com')).status).toBe(200)
    const sixth = await test('support@example.com')
    expect(sixth.status).toBe(429)
    expect(Number(sixth.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(t.smtp.received.length - before).toBe(5)

    // The limit is this admin's: another admin still tests; the first again after the hour.
    await seedAdmin(t.server.app.db, { username: 'tester', password: 'Tester-Pass-2026!' })
    const other = createClient(t.server.baseUrl)
    await other.login('tester', 'Tester-Pass-2026!')
    expect((await test('support@example.com', other)).status).toBe(200)
    await t.travel(1 / 24)
    expect((await test('support@example.com')).status).toBe(200)
  })
})

describe('e-mail off (SMTP_URL unset)', () => {
  const t = useAdminServer('pglite')

  it('says so, refuses a test send, and fails due messages with the reason', async () => {
    expect((await t.admin.get('/api/messages/status')).body).toEqual({
      isEmailEnabled: false,
      from: null,
      testRecipients: [],
    })
    const test = await t.admin.post('/api/messages/test', {
      kind: 'ticket_created',
      subject: 'x',
      body: 'y',
      to: 'owner@example.com',
    })
    expect(test.status).toBe(409)
    expect(test.body.message).toBe('E-mail is off: set SMTP_URL and MAIL_FROM to send.')

    const ticket = await createClient(t.server.baseUrl).post('/api/support-tickets', {
      customerName: 'Sam',
      customerEmail: 'sam@example.com',
      subject: 'Hello',
      description: 'Anyone there?',
    })
    expect(ticket.status).toBe(201)
    expect((await t.admin.post('/api/maintenance/expire-now')).body.messagesSent).toBe(0)
    const person = await t.admin.post('/api/trial-requests', {
      firstName: 'Sam',
      lastName: 'Stone',
      email: 'sam@example.com',
      plan: 'Starter',
    })
    const listed = await t.admin.get(`/api/messages/people/${person.body.id}`)
    expect(listed.body).toMatchObject([
      { kind: 'ticket_created', status: 'failed', lastError: 'E-mail is off: SMTP_URL is not set' },
    ])
  })
})
