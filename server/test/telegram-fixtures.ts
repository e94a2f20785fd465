import { randomUUID } from 'node:crypto'
import { expect } from 'vitest'
import type { FakeTelegram } from './fake-telegram'
import { createClient } from './http-client'

/** The environment that points a server at the fake Bot API. */
export const telegramEnv = (fake: FakeTelegram, updates: 'polling' | 'webhook' = 'polling') => ({
  TELEGRAM_BOT_TOKEN: fake.token,
  TELEGRAM_API_BASE: fake.apiBase,
  TELEGRAM_UPDATES: updates,
})

let sequence = 0

/** A visitor asks for a trial; answers the new request's id and its deep link's start token. */
export async function requestTrialWithTelegramLink(baseUrl: string, fake: FakeTelegram) {
  sequence += 1
  const { status, body } = await createClient(baseUrl).post('/api/trial-requests', {
    firstName: 'Ada',
    lastName: `Telegram${sequence}`,
    email: `ada.${sequence}.${randomUUID().slice(0, 8)}@example.com`,
    plan: 'Starter',
    clientRequestId: randomUUID(),
  })
  expect(status).toBe(201)
  const link = new URL(body.telegramLink as string)
  expect(`${link.origin}${link.pathname}`).toBe(`https://t.me/${fake.botUsername}`)
  const token = link.searchParams.get('start')!
  expect(token).toMatch(/^[A-Za-z0-9_-]{32,64}$/)
  return { id: body.id as string, subscriptionId: body.subscriptionId as string, token }
}
