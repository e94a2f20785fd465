import type { ParsedMail } from 'mailparser'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startFakeTelegram, type FakeTelegram } from '../../test/fake-telegram'
import { createClient } from '../../test/http-client'
import { useMailServer } from '../../test/mail-server'
import { requestTrialWithTelegramLink, telegramEnv } from '../../test/telegram-fixtures'
import { postgresOnly } from '../../test/test-server'

const offer = 'Get messages on Telegram'

/** The start link an e-mail offers, from its HTML and its plain text alike; null when none. */
function offeredLink(mail: ParsedMail): string | null {
  const href =
    /href="(https:\/\/t\.me\/[^"]+)"[^>]*>\s*(?:<!-- -->)?\s*Get messages on Telegram/.exec(
      String(mail.html),
    )
  if (!href) {
    expect(mail.text).not.toContain(offer)
    return null
  }
  const link = href[1]!.replaceAll('&amp;', '&')
  expect(mail.text).toContain(link)
  return link
}

describe.each(postgresOnly)('"Get messages on Telegram" in e-mails on %s', (kind) => {
  let fake: FakeTelegram
  beforeAll(async () => {
    fake = await startFakeTelegram()
  })
  afterAll(() => fake?.close())
  const t = useMailServer(kind, () => telegramEnv(fake))

  it('offers the person’s own start link until they bind a chat', async () => {
    const person = await requestTrialWithTelegramLink(t.server.baseUrl, fake)
    const email = (await t.admin.get(`/api/people/${person.id}`)).body.person.email as string
    expect((await t.admin.post(`/api/trial-requests/${person.id}/line`, {})).status).toBe(201)
    const [login] = await t.flush()
    expect(login!.to).toMatchObject({ text: email })
    expect(offeredLink(login!)).toBe(`https://t.me/${fake.botUsername}?start=${person.token}`)

    // A ticket opened with the same address offers the same link.
    await createClient(t.server.baseUrl).post('/api/support-tickets', {
      customerName: 'Ada',
      customerEmail: email,
      subject: 'Which app?',
      description: 'Which app should I use?',
    })
    const [ticketMail] = await t.flush()
    expect(offeredLink(ticketMail!)).toBe(`https://t.me/${fake.botUsername}?start=${person.token}`)

    // Once bound, messages come on Telegram too and e-mails stop offering it.
    const chat = 7_000_001
    fake.pushMessage(chat, `/start ${person.token}`)
    await fake.waitForMessage(chat)
    expect(
      (await t.admin.post(`/api/trial-requests/${person.id}/line/reset-password`, {})).status,
    ).toBe(200)
    const [reset] = await t.flush()
    expect(reset!.to).toMatchObject({ text: email })
    expect(offeredLink(reset!)).toBeNull()
    expect((await fake.waitForMessage(chat, 2)).text).toContain('login')
  })

  it('offers nothing to an address no person of ours has', async () => {
    await createClient(t.server.baseUrl).post('/api/support-tickets', {
      customerName: 'Stranger',
      customerEmail: 'stranger@example.com',
      subject: 'Hello',
      description: 'Just asking.',
    })
    const [mail] = await t.flush()
    expect(offeredLink(mail!)).toBeNull()
  })

  it('shows in a template preview and a test send, with a link that binds no one', async () => {
    const template = { kind: 'line_login', subject: 'Your login', body: 'Hello {username}' }
    const preview = await t.admin.post('/api/messages/preview', template)
    expect(preview.status).toBe(200)
    const sample = `https://t.me/${fake.botUsername}?start=preview`
    expect(preview.body.html).toContain(offer)
    expect(preview.body.html).toContain(sample)
    expect(preview.body.text).toContain(sample)

    // Sent at once, not through the outbox: it has arrived when the answer comes.
    const before = t.smtp.received.length
    const sent = await t.admin.post('/api/messages/test', {
      ...template,
      to: 'support@example.com',
    })
    expect(sent.status).toBe(200)
    const [mail] = t.smtp.received.slice(before)
    expect(offeredLink(mail!)).toBe(sample)
  })
})
