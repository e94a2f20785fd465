import { rmSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startFakeTelegram, type FakeTelegram } from '../../test/fake-telegram'
import { migratedPgliteDataDir } from '../../test/migrated-data-dir'
import { startProcessesOnPostgres, type RunningServer } from '../../test/processes-on-postgres'
import { stopServerProcess } from '../../test/server-process'
import { requestTrialWithTelegramLink, telegramEnv } from '../../test/telegram-fixtures'
import {
  createPostgresDatabase,
  databaseKinds,
  startTestServer,
  type DatabaseKind,
} from '../../test/test-server'

const getUpdatesCalls = (fake: FakeTelegram) =>
  fake.state.calls.filter((call) => call.method === 'getUpdates')

describe('two server processes on one PostgreSQL', () => {
  let fake: FakeTelegram
  const servers: RunningServer[] = []
  let stop = async () => {}

  beforeAll(async () => {
    fake = await startFakeTelegram()
    const started = await startProcessesOnPostgres(2, { LOG_LEVEL: 'debug', ...telegramEnv(fake) })
    servers.push(...started.servers)
    stop = started.stop
  }, 120_000)
  afterAll(async () => {
    await stop()
    await fake?.close()
  })

  it('lets one of them poll: each update handled once, no 409', async () => {
    const people = await Promise.all(
      [0, 1, 0, 1, 0, 1].map((index) => requestTrialWithTelegramLink(servers[index]!.url, fake)),
    )
    people.forEach((person, index) => fake.pushMessage(7_000_000 + index, `/start ${person.token}`))
    for (const index of people.keys()) {
      expect((await fake.waitForMessage(7_000_000 + index)).text).toContain("You're connected")
    }
    await expect.poll(() => fake.pending()).toBe(0)
    expect(fake.state.sent).toHaveLength(people.length)
    expect(fake.state.conflicts).toBe(0)
  })

  it('hands polling over when the polling process stops', async () => {
    // Whichever process polled, stopping the first leaves one that must take over.
    await stopServerProcess(servers[0]!.process)
    const person = await requestTrialWithTelegramLink(servers[1]!.url, fake)
    fake.pushMessage(7_100_000, `/start ${person.token}`)
    expect((await fake.waitForMessage(7_100_000)).text).toContain("You're connected")
    expect(fake.state.conflicts).toBe(0)
  })

  it('writes the bot token to neither log', () => {
    const secretPart = fake.token.split(':')[1]!
    for (const server of servers) expect(server.process.output()).not.toContain(secretPart)
  })
})

/**
 * A database that outlives one server, a copy of the run's migrated one: a PGlite directory, or a
 * PostgreSQL database.
 */
async function lastingDatabase(
  kind: DatabaseKind,
): Promise<{ env: Record<string, string>; drop(): Promise<void> }> {
  if (kind === 'postgres') {
    const database = await createPostgresDatabase({ migrated: true })
    return { env: { DATABASE_URL: database.url }, drop: () => database.drop() }
  }
  const dataDir = migratedPgliteDataDir('telegram-offset-')
  return {
    env: { DATA_DIR: dataDir },
    drop: async () => rmSync(dataDir, { recursive: true, force: true }),
  }
}

describe.each(databaseKinds)('polling after a restart (%s)', (kind) => {
  let fake: FakeTelegram
  let database: Awaited<ReturnType<typeof lastingDatabase>>

  beforeAll(async () => {
    fake = await startFakeTelegram()
    database = await lastingDatabase(kind)
  })
  afterAll(async () => {
    await fake?.close()
    await database?.drop()
  })

  it('resumes after the last update handled, so none is handled again', async () => {
    const env = { ...telegramEnv(fake), ...database.env }
    const first = await startTestServer(kind, { env })
    const person = await requestTrialWithTelegramLink(first.baseUrl, fake)
    const updateId = fake.pushMessage(7_200_000, `/start ${person.token}`)
    await fake.waitForMessage(7_200_000)
    await first.close()

    const callsBefore = getUpdatesCalls(fake).length
    const second = await startTestServer(kind, { env })
    try {
      await expect.poll(() => getUpdatesCalls(fake).length).toBeGreaterThan(callsBefore)
      expect(getUpdatesCalls(fake)[callsBefore]!.params.offset).toBe(updateId + 1)
      expect(fake.state.sent).toHaveLength(1)
    } finally {
      await second.close()
    }
    // Two servers start on one lasting database (PGlite writes its directory on a busy machine).
  }, 90_000)
})
