import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { queryRows } from '../../db/client'
import { outboxMessages } from '../../db/schema/outbox-messages'
import { settings } from '../../db/schema/settings'
import { backupStateKey } from '../maintenance/backup-state'
import { metricsToken, sample, seriesValue, withMetricsToken } from '../../test/prometheus-scrape'
import { rawRequest } from '../../test/raw-request'
import { databaseKinds, startTestServer, useAdminServer } from '../../test/test-server'

describe.each(databaseKinds)('Prometheus metrics and readiness (%s)', (kind) => {
  const context = useAdminServer(kind, { env: { METRICS_TOKEN: metricsToken } })

  it('answers the scraper that holds the token, and nobody else', async () => {
    const { baseUrl } = context.server
    expect((await rawRequest(baseUrl, 'GET', '/metrics')).status).toBe(401)
    const wrong = { headers: { authorization: `Bearer ${metricsToken}x` } }
    expect((await rawRequest(baseUrl, 'GET', '/metrics', wrong)).status).toBe(401)
    const cookie = { headers: { cookie: context.admin.cookie! } }
    expect((await rawRequest(baseUrl, 'GET', '/metrics', cookie)).status).toBe(401)
    const answer = await rawRequest(baseUrl, 'GET', '/metrics', withMetricsToken)
    expect(answer.status).toBe(200)
    expect(answer.contentType).toContain('text/plain')
    expect(answer.text).not.toContain(metricsToken)
  })

  it('times requests by route pattern and status, and reports the process', async () => {
    const { baseUrl } = context.server
    await context.admin.get('/api/people/7b0c2d8e-1f4a-4c3b-9d5e-6a7b8c9d0e1f')
    const { text } = await rawRequest(baseUrl, 'GET', '/metrics', withMetricsToken)
    expect(
      sample(
        text,
        'streamline_http_request_duration_seconds_count{route="/api/people/:id",method="GET",status="404"}',
      ),
    ).toBeGreaterThanOrEqual(1)
    expect(text).toContain('nodejs_eventloop_lag_seconds')
    expect(text).toContain('process_resident_memory_bytes')
    expect(sample(text, 'streamline_open_sockets')).toBe(0)
  })

  it('counts every public read, those answered from memory included', async () => {
    const { baseUrl } = context.server
    const plansCount = async () => {
      const { text } = await rawRequest(baseUrl, 'GET', '/metrics', withMetricsToken)
      const labels = { route: '/api/plans', method: 'GET', status: '200' }
      return seriesValue(text, 'streamline_http_request_duration_seconds_count', labels)
    }
    const before = await plansCount()
    for (let read = 0; read < 5; read++) {
      expect((await rawRequest(baseUrl, 'GET', '/api/plans')).status).toBe(200)
    }
    expect(await plansCount()).toBe(before + 5)
  })

  it('tells when the last backup file was written, 0 before the first', async () => {
    const { app, baseUrl } = context.server
    const scrape = async () =>
      sample(
        (await rawRequest(baseUrl, 'GET', '/metrics', withMetricsToken)).text,
        'streamline_last_backup_timestamp_seconds',
      )
    expect(await scrape()).toBe(0)
    const at = '2026-11-28T03:00:00.000Z'
    await app.db.insert(settings).values({
      key: backupStateKey,
      value: { last: { at, bytes: 2048, file: 'backup-2026-11-28T03-00-00Z.json' } },
    })
    expect(await scrape()).toBe(Date.parse(at) / 1000)
  })

  it('tells the outbox depth and the age of its oldest unsent message', async () => {
    const { app, baseUrl } = context.server
    // Not due for a day, so that no flush in this process sends it meanwhile.
    const nextAttemptAt = new Date(Date.now() + 86_400_000)
    const [message] = await app.db
      .insert(outboxMessages)
      .values({ channel: 'email', kind: 'welcome', recipient: 'late@example.com', nextAttemptAt })
      .returning()
    await app.db.execute(
      sql`update outbox_messages set created_at = now() - interval '10 minutes' where id = ${message!.id}`,
    )
    const { text } = await rawRequest(baseUrl, 'GET', '/metrics', withMetricsToken)
    expect(sample(text, 'streamline_outbox_unsent_messages')).toBeGreaterThanOrEqual(1)
    expect(sample(text, 'streamline_outbox_oldest_unsent_age_seconds')).toBeGreaterThanOrEqual(590)
  })

  it('tells the public only whether it is ready, and the scraper and admins why', async () => {
    const { app, baseUrl } = context.server
    const ready = await rawRequest(baseUrl, 'GET', '/api/ready')
    expect(ready.status).toBe(200)
    expect(ready.json).toEqual({ status: 'ready' })
    const scraped = await rawRequest(baseUrl, 'GET', '/api/ready', withMetricsToken)
    expect(scraped.json).toEqual({ status: 'ready', database: 'ok', migrations: 'done' })

    // As if the newest migration were still being applied by another process.
    const [newest] = await queryRows<Record<string, unknown>>(
      app.db,
      sql`delete from drizzle.__drizzle_migrations
        where created_at = (select max(created_at) from drizzle.__drizzle_migrations) returning *`,
    )
    const pending = await rawRequest(baseUrl, 'GET', '/api/ready')
    expect(pending.status).toBe(503)
    expect(pending.headers['retry-after']).toBeTruthy()
    expect(pending.json).toEqual({ status: 'not ready' })
    const wrongToken = { headers: { authorization: `Bearer ${metricsToken}x` } }
    expect((await rawRequest(baseUrl, 'GET', '/api/ready', wrongToken)).json).toEqual({
      status: 'not ready',
    })
    for (const asked of [withMetricsToken, { headers: { cookie: context.admin.cookie! } }]) {
      const told = await rawRequest(baseUrl, 'GET', '/api/ready', asked)
      expect(told.status).toBe(503)
      expect(told.json).toEqual({ status: 'not ready', database: 'ok', migrations: 'pending' })
    }
    expect((await rawRequest(baseUrl, 'GET', '/api/health')).status).toBe(200)
    await app.db.execute(sql`insert into drizzle.__drizzle_migrations (id, hash, created_at)
      values (${newest!.id}, ${newest!.hash}, ${newest!.created_at})`)
    expect((await rawRequest(baseUrl, 'GET', '/api/ready')).status).toBe(200)
  })
})

describe('metrics without a token', () => {
  it('do not exist: 404', async () => {
    const server = await startTestServer('pglite')
    try {
      const answer = await rawRequest(server.baseUrl, 'GET', '/metrics', withMetricsToken)
      expect(answer.status).toBe(404)
      expect(answer.text).not.toContain('nodejs_')
    } finally {
      await server.close()
    }
  })
})
