import { describe, expect, it } from 'vitest'
import { createClient } from '../../test/http-client'
import { useMailServer } from '../../test/mail-server'
import { openSocket } from '../../test/socket-client'
import { postgresOnly } from '../../test/test-server'
import { replyEmailLongestWaitMs, replyEmailWindowMs } from './outbox.service'

/** Quick replies to a customer who is away reach them as one e-mail, not one per reply. */
describe.each(postgresOnly)('support reply e-mails on %s', (kind) => {
  const t = useMailServer(kind)
  let opened = 0

  async function openTicket() {
    opened += 1
    const email = `away${opened}@example.com`
    const { body } = await createClient(t.server.baseUrl).post('/api/support-tickets', {
      customerName: 'Sam Away',
      customerEmail: email,
      subject: `Buffering ${opened}`,
      description: 'Channels buffer in the evening',
    })
    await t.flush()
    return { id: body.id as string, email }
  }
  const reply = (ticketId: string, message: string) =>
    t.admin.post('/api/chat-messages', { ticketId, senderType: 'admin', message })
  const repliesTo = async (email: string) =>
    (await t.messagesTo(email)).filter((row) => row.kind === 'support_reply')

  it('sends replies written within two minutes of each other as one e-mail, in order', async () => {
    const ticket = await openTicket()
    await reply(ticket.id, 'First: restart the router.')
    t.advance(replyEmailWindowMs - 10_000)
    expect(await t.flush()).toHaveLength(0)
    await reply(ticket.id, 'Second: then clear the app cache.')
    // The second reply started the wait again.
    t.advance(replyEmailWindowMs - 10_000)
    expect(await t.flush()).toHaveLength(0)
    t.advance(11_000)
    const mails = await t.flush()
    expect(mails).toHaveLength(1)
    const text = mails[0]!.text!
    expect(text).toContain('First: restart the router.')
    expect(text).toContain('Second: then clear the app cache.')
    expect(text.indexOf('First')).toBeLessThan(text.indexOf('Second'))
    expect(await repliesTo(ticket.email)).toHaveLength(1)

    // Once sent, the next reply is a new e-mail.
    await reply(ticket.id, 'Third: did that help?')
    t.advance(replyEmailWindowMs + 1000)
    const [next, ...rest] = await t.flush()
    expect(rest).toHaveLength(0)
    expect(next!.text).toContain('Third: did that help?')
    expect(next!.text).not.toContain('First: restart the router.')
  })

  it('does not hold the e-mail for ever while replies keep coming', async () => {
    const ticket = await openTicket()
    let waited = 0
    let sent: Awaited<ReturnType<typeof t.flush>> = []
    for (let index = 0; sent.length === 0 && waited <= replyEmailLongestWaitMs; index += 1) {
      await reply(ticket.id, `Step ${index}`)
      t.advance(60_000)
      waited += 60_000
      sent = await t.flush()
    }
    expect(sent).toHaveLength(1)
    expect(waited).toBeLessThanOrEqual(replyEmailLongestWaitMs)
  })

  it('makes one e-mail of replies stored at the same moment', async () => {
    const ticket = await openTicket()
    const texts = ['One', 'Two', 'Three', 'Four', 'Five'].map((word) => `Part ${word}`)
    await Promise.all(texts.map((text) => reply(ticket.id, text)))
    t.advance(replyEmailWindowMs + 1000)
    const [mail, ...rest] = await t.flush()
    expect(rest).toHaveLength(0)
    for (const text of texts) expect(mail!.text).toContain(text)
  })

  it('sends nothing waiting once the customer reads a later reply in the chat', async () => {
    const ticket = await openTicket()
    await reply(ticket.id, 'Sent while you were away')
    const customer = await openSocket(t.server.baseUrl)
    customer.send({ type: 'identify', role: 'customer', key: ticket.id })
    await customer.waitFor((frame) => frame.type === 'auth:verified')
    await reply(ticket.id, 'Read live')
    await customer.waitFor(
      (frame) => frame.type === 'chat:new_message' && frame.message.message === 'Read live',
    )
    customer.close()
    t.advance(replyEmailWindowMs + 1000)
    expect(await t.flush()).toHaveLength(0)
    const rows = await repliesTo(ticket.email)
    expect(rows.map((row) => row.status)).toEqual(['skipped', 'skipped'])
  })

  it('resends a reply e-mail on its own while another waits', async () => {
    const ticket = await openTicket()
    await reply(ticket.id, 'Original answer')
    t.advance(replyEmailWindowMs + 1000)
    const [original] = await t.flush()
    await reply(ticket.id, 'A newer answer, still waiting')
    const [row] = await repliesTo(ticket.email)
    expect(original!.text).toContain('Original answer')
    const resent = await t.admin.post(`/api/messages/${row!.id}/resend`)
    expect(resent.status).toBe(201)
    const mails = await t.flush()
    expect(mails).toHaveLength(1)
    expect(mails[0]!.text).toContain('Original answer')
    expect(mails[0]!.text).not.toContain('A newer answer')
  })
})
