import { count, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../app'
import { loadConfig } from '../../config'
import { openDatabase, type Database } from '../../db/client'
import { auditLog } from '../../db/schema/audit-log'
import { trialRequests } from '../../db/schema/trial-requests'
import { platformGroup } from '../settings/settings.service'
import {
  createPostgresDatabase,
  databaseKinds,
  startTestServer,
  type TestServer,
} from '../../test/test-server'
import { insertTrialRequest } from '../../test/trial-fixtures'
import { expireSubscriptions } from './expire-subscriptions'

const now = new Date('2026-11-22T12:00:00Z')
const hoursAgo = (hours: number) => new Date(now.getTime() - hours * 60 * 60 * 1000)

describe.each(databaseKinds)('the expiry job on %s', (kind) => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer(kind)
  })
  afterAll(() => server.close())

  it('expires trials past the configured duration and subscriptions past their end, once', async () => {
    const db = server.app.db
    await platformGroup.save(
      db,
      { trialDurationHours: 48, maxConcurrentStreams: 2, autoStartTrials: false, timeZone: 'UTC' },
      now,
    )
    const fresh = await insertTrialRequest(db, { createdAt: hoursAgo(47) })
    const stale = await insertTrialRequest(db, { createdAt: hoursAgo(49) })
    const running = await insertTrialRequest(db, {
      createdAt: hoursAgo(1000),
      subscriptionStatus: 'active',
      paidPlan: 'Starter',
      subscriptionPrice: '9.99',
      subscriptionStartDate: hoursAgo(1000),
      subscriptionEndDate: hoursAgo(-1),
    })
    const ended = await insertTrialRequest(db, {
      createdAt: hoursAgo(1000),
      subscriptionStatus: 'active',
      paidPlan: 'Starter',
      subscriptionPrice: '9.99',
      subscriptionStartDate: hoursAgo(1000),
      subscriptionEndDate: hoursAgo(1),
    })

    expect(await expireSubscriptions(db, now)).toEqual({
      trialsExpired: 1,
      subscriptionsExpired: 1,
      skipped: false,
    })
    expect(await expireSubscriptions(db, now)).toEqual({
      trialsExpired: 0,
      subscriptionsExpired: 0,
      skipped: false,
    })
    const status = async (id: string) =>
      (await db.select().from(trialRequests).where(eq(trialRequests.id, id)))[0]!.subscriptionStatus
    expect(await status(fresh.id)).toBe('trial')
    expect(await status(stale.id)).toBe('expired')
    expect(await status(running.id)).toBe('active')
    expect(await status(ended.id)).toBe('expired')
    const trail = await db.select().from(auditLog).where(eq(auditLog.actorUsername, 'system'))
    expect(trail.map((entry) => [entry.entityId, entry.action]).sort()).toEqual(
      [
        [stale.id, 'trial_request.trial_expired'],
        [ended.id, 'trial_request.subscription_expired'],
      ].sort(),
    )
  })
})

describe('the expiry job across processes', () => {
  const databases: Database[] = []
  let drop: () => Promise<void>
  afterAll(async () => {
    await Promise.all(databases.map((database) => database.close()))
    await drop?.()
  })

  it('expires each trial exactly once when several processes run it at the same moment', async () => {
    const postgres = await createPostgresDatabase()
    drop = postgres.drop
    const config = loadConfig({ LOG_LEVEL: 'silent', DATABASE_URL: postgres.url })
    // Four independent servers (own pools, own connections), as four processes would have.
    for (let i = 0; i < 4; i++) databases.push(await openDatabase(config.database))
    const apps = await Promise.all(
      databases.map((database) => buildApp({ config, database, now: () => now })),
    )
    const db = databases[0]!.db
    for (let i = 0; i < 200; i++) await insertTrialRequest(db, { createdAt: hoursAgo(25 + i) })

    const results = await Promise.all(apps.map((app) => expireSubscriptions(app.db, now)))
    const expired = results.reduce((sum, result) => sum + result.trialsExpired, 0)
    expect(expired).toBe(200)
    const [entries] = await db.select({ count: count() }).from(auditLog)
    expect(entries!.count).toBe(200)
    await Promise.all(apps.map((app) => app.close()))
  })
})
