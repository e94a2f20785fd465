import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startFakeTelegram, type FakeTelegram } from '../../test/fake-telegram'
import { createClient } from '../../test/http-client'
import { requestTrialWithTelegramLink, telegramEnv } from '../../test/telegram-fixtures'
import { postgresOnly, owner, startTestServer, type TestServer } from '../../test/test-server'
import { sendTelegram } from './send-telegram'
import { telegramSender } from './telegram'

let nextChat = 5_000_001
const newChat = () => nextChat++

describe.each(postgresOnly)('Telegram binding by long polling (%s)', (kind) => {
  let fake: FakeTelegram
  let server: TestServer
  let admin: ReturnType<typeof createClient>
  const logs: string[] = []

  const bindingOf = async (id: string) =>
    (await admin.get(`/api/trial-requests/${id}/telegram`)).body as { status: string }

  beforeAll(async () => {
    fake = await startFakeTelegram()
    server = await startTestServer(kind, {
      env: { ...telegramEnv(fake), LOG_LEVEL: 'trace' },
      logStream: (line) => logs.push(line),
    })
    admin = createClient(server.baseUrl)
    await admin.login(owner.username, owner.password)
  })
  afterAll(async () => {
    await server?.close()
    await fake?.close()
  })

  it('offers a deep link with the trial answer and binds the chat that presses Start', async () => {
    const person = await requestTrialWithTelegramLink(server.baseUrl, fake)
    expect(await bindingOf(person.id)).toEqual({
      isEnabled: true,
      status: 'unbound',
      boundAt: null,
    })

    const chat = newChat()
    fake.pushMessage(chat, `/start ${person.token}`)
    const confirmation = await fake.waitForMessage(chat)
    expect(confirmation.text).toMatch(/^You're connected\. StreamLine will send your messages here/)
    expect(await bindingOf(person.id)).toMatchObject({
      status: 'bound',
      boundAt: expect.any(String),
    })
  })

  it('answers a repeat, an unknown token and a bare /start kindly; /stop unbinds', async () => {
    const person = await requestTrialWithTelegramLink(server.baseUrl, fake)
    const chat = newChat()
    const replies = [
      [`/start ${person.token}`, "You're connected"],
      [`/start ${person.token}`, "You're already connected"],
      ['/start NotARealToken_123', "This link doesn't work"],
      ['/start', 'Hello! To get your StreamLine messages here'],
      ['/stop', 'Done: StreamLine will send nothing more here'],
      ['/stop', 'This chat gets no StreamLine messages'],
      ['Hello?', 'This bot sends your StreamLine messages and reads no replies'],
    ]
    for (const [index, [sent, answer]] of replies.entries()) {
      fake.pushMessage(chat, sent!)
      expect((await fake.waitForMessage(chat, index + 1)).text).toContain(answer)
    }
    expect(await bindingOf(person.id)).toMatchObject({ status: 'stopped' })

    // The same chat may turn messages back on with its link.
    fake.pushMessage(chat, `/start ${person.token}`)
    expect((await fake.waitForMessage(chat, replies.length + 1)).text).toContain("You're connected")
    expect(await bindingOf(person.id)).toMatchObject({ status: 'bound' })
  })

  it('keeps a bound link for its chat: another chat holding it is refused', async () => {
    const person = await requestTrialWithTelegramLink(server.baseUrl, fake)
    const [first, stranger] = [newChat(), newChat()]
    fake.pushMessage(first, `/start ${person.token}`)
    expect((await fake.waitForMessage(first)).text).toContain("You're connected")
    fake.pushMessage(stranger, `/start ${person.token}`)
    expect((await fake.waitForMessage(stranger)).text).toContain("This link doesn't work")
  })

  it('handles each update once, and confirms it so Telegram forgets it', async () => {
    const person = await requestTrialWithTelegramLink(server.baseUrl, fake)
    const chat = newChat()
    fake.pushMessage(chat, `/start ${person.token}`)
    await fake.waitForMessage(chat)
    // The next long poll's offset confirms the handled update.
    await expect.poll(() => fake.pending()).toBe(0)
    expect(fake.state.sent.filter((message) => message.chat_id === chat)).toHaveLength(1)
    expect(fake.state.conflicts).toBe(0)
  })

  it('sends again after a 429 once retry_after has passed', async () => {
    const chat = newChat()
    fake.rateLimitNext(1)
    const startedAt = Date.now()
    const result = await sendTelegram(telegramSender(server.app), {
      chatId: chat,
      text: 'Your login is ready',
    })
    expect(result).toEqual({ ok: true })
    expect(Date.now() - startedAt).toBeGreaterThanOrEqual(1000)
    expect(fake.state.sent).toContainEqual({ chat_id: chat, text: 'Your login is ready' })
  })

  it('answers retryable, with the wait, when Telegram asks for a long pause', async () => {
    fake.rateLimitNext(120)
    const result = await sendTelegram(telegramSender(server.app), {
      chatId: newChat(),
      text: 'Later',
    })
    expect(result).toMatchObject({ ok: false, isRetryable: true, retryAfterSeconds: 120 })
  })

  it('fails for good and stops the binding when the user blocked the bot (403)', async () => {
    const person = await requestTrialWithTelegramLink(server.baseUrl, fake)
    const chat = newChat()
    fake.pushMessage(chat, `/start ${person.token}`)
    await fake.waitForMessage(chat)
    fake.block(chat)
    const result = await sendTelegram(telegramSender(server.app), {
      chatId: chat,
      text: 'Your plan ends soon',
    })
    expect(result).toEqual({
      ok: false,
      isRetryable: false,
      reason: 'Telegram answered 403: Forbidden: bot was blocked by the user',
    })
    expect(await bindingOf(person.id)).toMatchObject({ status: 'stopped' })
  })

  it('sends HTML with its parse mode', async () => {
    const chat = newChat()
    const text = '<b>Renewed</b> until 1 March &amp; beyond'
    expect(
      await sendTelegram(telegramSender(server.app), { chatId: chat, text, isHtml: true }),
    ).toEqual({
      ok: true,
    })
    expect(fake.state.sent).toContainEqual({ chat_id: chat, text, parse_mode: 'HTML' })
  })

  it("sends a person's outbox messages to their bound chat too, escaped", async () => {
    const person = await requestTrialWithTelegramLink(server.baseUrl, fake)
    const chat = newChat()
    fake.pushMessage(chat, `/start ${person.token}`)
    await fake.waitForMessage(chat)
    const convert = await admin.post(`/api/trial-requests/${person.id}/convert-to-subscription`, {
      paidPlan: 'Family <Plus> & more',
      subscriptionMonths: 1,
      subscriptionPrice: '9.99',
    })
    expect(convert.status).toBe(200)
    const extend = await admin.post(`/api/trial-requests/${person.id}/subscription/extend`, {
      months: 1,
      price: '9.99',
    })
    expect(extend.status).toBe(200)
    // Expire now flushes the outbox (e-mail is off here: only Telegram can deliver).
    expect((await admin.post('/api/maintenance/expire-now')).status).toBe(200)

    const renewal = await fake.waitForMessage(chat, 2)
    expect(renewal.parse_mode).toBe('HTML')
    expect(renewal.text).toContain('Family &lt;Plus&gt; &amp; more')
    expect(renewal.text).not.toContain('<Plus>')
    const messages = (await admin.get(`/api/messages/people/${person.id}`)).body as {
      channel: string
      status: string
    }[]
    expect(messages).toContainEqual(
      expect.objectContaining({ channel: 'telegram', status: 'sent' }),
    )
  })

  it('answers 404 for the binding of an unknown person, and 401 without a session', async () => {
    const missing = '00000000-0000-4000-8000-000000000000'
    expect((await admin.get(`/api/trial-requests/${missing}/telegram`)).status).toBe(404)
    const anonymous = createClient(server.baseUrl)
    expect((await anonymous.get(`/api/trial-requests/${missing}/telegram`)).status).toBe(401)
  })

  it('never writes the bot token to a log line', () => {
    expect(logs.length).toBeGreaterThan(0)
    const secretPart = fake.token.split(':')[1]!
    expect(logs.filter((line) => line.includes(secretPart))).toEqual([])
  })
})
