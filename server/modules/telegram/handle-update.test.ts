import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { telegramUpdates } from '../../db/schema/telegram'
import { postgresOnly, startTestServer, type TestServer } from '../../test/test-server'
import { forgetOldUpdates, handleUpdate, resumeOffset } from './handle-update'

const day = 24 * 60 * 60 * 1000
const site = { brandName: 'S', origin: 'https://example.com' }

describe.each(postgresOnly)('handled Telegram updates (%s)', (kind) => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer(kind)
  })
  afterAll(() => server?.close())

  it('answers an update once, and reads only private chats', async () => {
    const db = server.app.db
    const now = new Date()
    const message = (chatType: string) => ({ chat: { id: 42, type: chatType }, text: '/help' })
    const first = await handleUpdate(db, { update_id: 1, message: message('private') }, site, now)
    expect(first).toMatchObject({ chatId: 42 })
    expect(await handleUpdate(db, { update_id: 1, message: message('private') }, site, now)).toBe(
      null,
    )
    expect(await handleUpdate(db, { update_id: 2, message: message('group') }, site, now)).toBe(
      null,
    )
  })

  it('resumes after the newest update of the last six days, and forgets older ones', async () => {
    const db = server.app.db
    const now = new Date()
    await db.delete(telegramUpdates)
    await db.insert(telegramUpdates).values({ updateId: 900, handledAt: new Date(+now - 8 * day) })
    // After a week without updates Telegram numbers them afresh: the old offset is not used.
    expect(await resumeOffset(db, now)).toBeNull()
    await db.insert(telegramUpdates).values({ updateId: 30, handledAt: new Date(+now - day) })
    expect(await resumeOffset(db, now)).toBe(31)

    await forgetOldUpdates(db, now)
    const left = await db.select({ id: telegramUpdates.updateId }).from(telegramUpdates)
    expect(left).toEqual([{ id: 30 }])
  })
})
