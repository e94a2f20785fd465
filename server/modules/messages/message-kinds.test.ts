import type { ParsedMail } from 'mailparser'
import { describe, expect, it } from 'vitest'
import { createClient } from '../../test/http-client'
import { mailFrom, publicUrl, useMailServer } from '../../test/mail-server'
import { openSocket } from '../../test/socket-client'
import { postgresOnly } from '../../test/test-server'
import { replyEmailWindowMs } from './outbox.service'

const hostile = '<script>alert(1)</script>'

/** Customer text reached the HTML only escaped: no tag of theirs, their words readable. */
function expectEscaped(mail: ParsedMail, words: string) {
  const html = String(mail.html)
  expect(html).not.toContain('<script')
  expect(html).toContain(words.replaceAll('<', '&lt;').replaceAll('>', '&gt;'))
}

const messageIdOf = (mail: ParsedMail) => mail.messageId?.replace(/^<|@.*$/g, '')

describe.each(postgresOnly)('messages to customers on %s', (kind) => {
  const t = useMailServer(kind)
  const visitor = () => createClient(t.server.baseUrl)

  async function openTicket(fields: Record<string, string> = {}) {
    const answer = await visitor().post('/api/support-tickets', {
      customerName: `Mia ${hostile}`,
      customerEmail: 'mia@example.com',
      subject: `Sound ${hostile}`,
      description: 'No sound on channel 4',
      ...fields,
    })
    expect(answer.body).toMatchObject({ id: expect.any(String) })
    return answer.body as { id: string }
  }

  it('confirms a new ticket with its link, the customer’s words escaped', async () => {
    const ticket = await openTicket()
    const [mail, ...rest] = await t.flush()
    expect(rest).toHaveLength(0)
    expect(mail!.to).toMatchObject({ text: 'mia@example.com' })
    expect(mail!.from?.text).toBe(mailFrom.replace(/^StreamLine /, '"StreamLine" '))
    expect(mail!.subject).toBe('We received your StreamLine support ticket')
    const link = `${publicUrl}/support?ticket=${ticket.id}`
    expect(mail!.text).toContain(link)
    expect(String(mail!.html)).toContain(`href="${link}"`)
    expect(mail!.text).toContain('Hi Mia,')
    expectEscaped(mail!, `Sound ${hostile}`)
    // The outbox row's id is the Message-ID.
    const listed = await t.admin.get(
      `/api/messages/people/${(await t.newPerson({ email: 'mia@example.com' })).id}`,
    )
    expect(listed.body[0]).toMatchObject({
      id: messageIdOf(mail!),
      kind: 'ticket_created',
      status: 'sent',
    })
  })

  it('e-mails a support reply to a customer who left, with the link back to the chat', async () => {
    const ticket = await openTicket({ customerEmail: 'leo@example.com' })
    await t.flush()
    const reply = `Try this: ${hostile}\nThen restart.`
    const posted = await t.admin.post('/api/chat-messages', {
      ticketId: ticket.id,
      senderType: 'admin',
      message: reply,
    })
    expect(posted.status).toBe(201)
    // It waits a moment for the processes to say whether the customer is in the chat.
    expect(await t.flush()).toHaveLength(0)
    t.advance(replyEmailWindowMs + 1000)
    const [mail] = await t.flush()
    expect(mail!.subject).toBe(`Re: Sound ${hostile}`)
    expect(mail!.text).toContain('Try this: <script>alert(1)</script>')
    expect(mail!.text).toContain(`${publicUrl}/support?ticket=${ticket.id}`)
    expectEscaped(mail!, 'Try this: <script>alert(1)</script>')
  })

  it('sends no e-mail for a reply the customer read in the live chat', async () => {
    const ticket = await openTicket({ customerEmail: 'ivy@example.com' })
    await t.flush()
    const customer = await openSocket(t.server.baseUrl)
    customer.send({ type: 'identify', role: 'customer', key: ticket.id })
    await customer.waitFor((frame) => frame.type === 'auth:verified')
    await t.admin.post('/api/chat-messages', {
      ticketId: ticket.id,
      senderType: 'admin',
      message: 'Seen live',
    })
    await customer.waitFor((frame) => frame.type === 'chat:new_message')
    customer.close()
    await t.until(async () =>
      (await t.messagesTo('ivy@example.com')).some((m) => m.status === 'skipped'),
    )
    t.advance(replyEmailWindowMs + 1000)
    expect(await t.flush()).toHaveLength(0)
    const reply = (await t.messagesTo('ivy@example.com')).find((m) => m.kind === 'support_reply')
    expect(reply).toMatchObject({ status: 'skipped', lastError: 'Read in the live chat' })
  })

  it('confirms a renewal with the new end date', async () => {
    const person = await t.newPerson({ firstName: hostile, email: 'noa@example.com' })
    await t.admin.post(`/api/trial-requests/${person.id}/convert-to-subscription`, {
      paidPlan: 'Family Plus',
      subscriptionMonths: 1,
      subscriptionPrice: '14.99',
    })
    const extended = await t.admin.post(`/api/trial-requests/${person.id}/subscription/extend`, {
      months: 3,
      price: '41.99',
    })
    expect(extended.status).toBe(200)
    const endDate = new Intl.DateTimeFormat('en-GB', {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    }).format(new Date(extended.body.subscriptionEndDate))
    // The conversion's own confirmation arrives too, and a receipt for each payment.
    const mails = await t.flush()
    const mail = mails.find((each) => each.subject?.endsWith(endDate))
    const hasUnsubscribe = (each: (typeof mails)[number]) =>
      each.headerLines.some((header) => header.key === 'list-unsubscribe') &&
      String(each.html).includes('Unsubscribe from reminders')
    expect(hasUnsubscribe(mail!)).toBe(true)
    // A receipt is transactional: no unsubscribe link, no header.
    const receipts = mails.filter((each) => each.subject?.startsWith('Receipt '))
    expect(receipts.length).toBeGreaterThan(0)
    expect(receipts.filter(hasUnsubscribe)).toEqual([])
    expect(mail!.subject).toBe(`Your StreamLine subscription now runs until ${endDate}`)
    expect(mail!.text).toContain(
      `Thank you for renewing Family Plus. Your subscription now runs until ${endDate}.`,
    )
    expectEscaped(mail!, `Hi ${hostile},`)
  })

  it('sends the login with a setup guide for the named device and a QR code of the M3U URL', async () => {
    const person = await t.newPerson({ device: 'TiviMate on Fire TV', email: 'zoe@example.com' })
    const made = await t.admin.post(`/api/trial-requests/${person.id}/line`, {})
    expect(made.status).toBe(201)
    const [mail] = await t.flush()
    const { username, password, m3uUrl } = made.body
    expect(mail!.subject).toBe('Your StreamLine login is ready')
    for (const value of [username, password, m3uUrl]) expect(mail!.text).toContain(value)
    // An "Xtream Codes" app's server address: the panel's, where the playlist is.
    expect(mail!.text).toContain(`Server URL: ${t.supplier.origin}`)
    // The screens of the plan asked for (none by that name here: the default of 2).
    expect(mail!.text).toContain('Your login plays on 2 screens at the same time')
    expect(mail!.text).not.toContain('one device at a time')
    // A 24-hour trial's end, to the minute and with its zone.
    const end = new Date(made.body.expiresAt)
    const day = end.toLocaleDateString('en-GB', {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    })
    const time = `${String(end.getUTCHours()).padStart(2, '0')}:${String(end.getUTCMinutes()).padStart(2, '0')}`
    expect(mail!.text).toContain(`Your access runs until ${day}, ${time} UTC.`)
    const html = String(mail!.html)
    expect(html).toContain('Set up on TiviMate')
    expect(html).toContain('“Xtream Codes”')
    const qr = mail!.attachments.find((attachment) => attachment.contentType === 'image/png')
    expect(qr?.cid).toBeTruthy()
    expect(html).toContain(`cid:${qr!.cid}`)
    // The QR code is described for a reader on a computer, and hidden on a phone's screen.
    expect(html).toContain('Reading this on a computer? Scan the code')
    expect(html).toMatch(/max-width: 600px\)[^}]*\{[^@]*\.email-qr \{ display: none !important/)
    expect(html).toMatch(/class="email-qr"/)
    // Dark all over: the page around the card turns dark as well as the card.
    expect(html).toMatch(
      /prefers-color-scheme: dark\) \{\s*html, body, \.email-body, \.email-page \{ background-color: #121019/,
    )
    expect(html).toMatch(/<html[^>]*class="email-page"/)
    // Not a receipt: it carries the unsubscribe link and the List-Unsubscribe headers.
    expect(html).toContain('Unsubscribe from reminders')
    const headers = mail!.headerLines.map((header) => header.key)
    expect(headers).toEqual(expect.arrayContaining(['list-unsubscribe', 'list-unsubscribe-post']))

    // A new password reaches the customer once the panel holds it.
    const reset = await t.admin.post(`/api/trial-requests/${person.id}/line/reset-password`, {})
    expect(reset.status).toBe(200)
    const [second] = await t.flush()
    expect(reset.body.password).not.toBe(password)
    expect(second!.text).toContain(reset.body.password)
    expect(second!.text).not.toContain(password)
  })

  it('holds a reset login while the panel has not taken the new password', async () => {
    const person = await t.newPerson({ device: 'VLC', email: 'kai@example.com' })
    await t.admin.post(`/api/trial-requests/${person.id}/line`, {})
    await t.flush()
    t.supplier.setMode('server-error')
    const reset = await t.admin.post(`/api/trial-requests/${person.id}/line/reset-password`, {})
    expect(reset.status).toBe(202)
    expect(await t.flush()).toHaveLength(0)
    t.supplier.setMode('ok')
    const pushed = await t.admin.post(`/api/trial-requests/${person.id}/line/enable`, {})
    expect(pushed.status).toBe(200)
    const [mail] = await t.flush()
    expect(mail!.text).toContain(reset.body.password)
    expect(String(mail!.html)).toContain('Set up on VLC')
  })
})
