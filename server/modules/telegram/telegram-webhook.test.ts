import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startFakeTelegram, type FakeTelegram } from '../../test/fake-telegram'
import { freePort } from '../../test/free-port'
import { createClient } from '../../test/http-client'
import { rawRequest } from '../../test/raw-request'
import { requestTrialWithTelegramLink, telegramEnv } from '../../test/telegram-fixtures'
import { postgresOnly, owner, startTestServer, type TestServer } from '../../test/test-server'
import { webhookSecretFor } from './telegram'

const update = (updateId: number, chatId: number, text: string) =>
  JSON.stringify({
    update_id: updateId,
    message: { message_id: 1, date: 0, chat: { id: chatId, type: 'private' }, text },
  })

describe.each(postgresOnly)('Telegram binding by webhook (%s)', (kind) => {
  let fake: FakeTelegram
  let server: TestServer
  let admin: ReturnType<typeof createClient>
  const logs: string[] = []

  beforeAll(async () => {
    fake = await startFakeTelegram()
    const port = await freePort()
    server = await startTestServer(kind, {
      port,
      env: {
        ...telegramEnv(fake, 'webhook'),
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        LOG_LEVEL: 'trace',
      },
      logStream: (line) => logs.push(line),
    })
    admin = createClient(server.baseUrl)
    await admin.login(owner.username, owner.password)
  })
  afterAll(async () => {
    await server?.close()
    await fake?.close()
  })

  it('sets the webhook with a secret token, and never polls', async () => {
    const webhook = await fake.waitForWebhook()
    expect(webhook).toEqual({
      url: `${server.baseUrl}/api/telegram/webhook`,
      secret: webhookSecretFor(fake.token),
    })
    expect(webhook.secret).not.toContain(fake.token.split(':')[1])
    expect(fake.state.calls.map((call) => call.method)).not.toContain('getUpdates')
  })

  it('binds the chat that presses Start, from the update Telegram posts', async () => {
    await fake.waitForWebhook()
    const person = await requestTrialWithTelegramLink(server.baseUrl, fake)
    const chat = 6_000_001
    fake.pushMessage(chat, `/start ${person.token}`)
    expect((await fake.waitForMessage(chat)).text).toContain("You're connected")
    expect((await admin.get(`/api/trial-requests/${person.id}/telegram`)).body).toMatchObject({
      status: 'bound',
    })
    // Telegram forgets the update once our webhook answered 2xx (just after the reply went).
    await expect.poll(() => fake.pending()).toBe(0)
  })

  it('handles an update delivered twice once', async () => {
    const person = await requestTrialWithTelegramLink(server.baseUrl, fake)
    const chat = 6_000_002
    const headers = {
      'content-type': 'application/json',
      'x-telegram-bot-api-secret-token': webhookSecretFor(fake.token),
    }
    const body = update(990_001, chat, `/start ${person.token}`)
    const path = '/api/telegram/webhook'
    const [first, second] = [
      await rawRequest(server.baseUrl, 'POST', path, { headers, body }),
      await rawRequest(server.baseUrl, 'POST', path, { headers, body }),
    ]
    expect([first.status, second.status]).toEqual([200, 200])
    await fake.waitForMessage(chat)
    expect(fake.state.sent.filter((message) => message.chat_id === chat)).toHaveLength(1)
  })

  const secretHeader = 'x-telegram-bot-api-secret-token'
  it.each([
    ['no secret', () => ({}), 401],
    ['a wrong secret', () => ({ [secretHeader]: 'not-the-secret' }), 403],
    ['the bot token for a secret', () => ({ [secretHeader]: fake.token.replace(':', '_') }), 403],
  ])('refuses an update with %s', async (_, headers, status) => {
    const person = await requestTrialWithTelegramLink(server.baseUrl, fake)
    const chat = 6_100_000 + status
    const answer = await rawRequest(server.baseUrl, 'POST', '/api/telegram/webhook', {
      headers: { 'content-type': 'application/json', ...headers() },
      body: update(991_000 + status, chat, `/start ${person.token}`),
    })
    expect(answer.status).toBe(status)
    expect((await admin.get(`/api/trial-requests/${person.id}/telegram`)).body).toMatchObject({
      status: 'unbound',
    })
  })

  it('answers 200 to updates of kinds it does not read', async () => {
    const answer = await rawRequest(server.baseUrl, 'POST', '/api/telegram/webhook', {
      headers: {
        'content-type': 'application/json',
        'x-telegram-bot-api-secret-token': webhookSecretFor(fake.token),
      },
      body: JSON.stringify({ update_id: 992_000, edited_message: { text: 'hi' } }),
    })
    expect(answer.status).toBe(200)
  })

  it('never writes the bot token to a log line', () => {
    expect(logs.length).toBeGreaterThan(0)
    const secretPart = fake.token.split(':')[1]!
    expect(logs.filter((line) => line.includes(secretPart))).toEqual([])
  })
})
