import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { startPostgresCluster, type PostgresCluster } from '../test/postgres-cluster'
import { startPostgresListener } from './postgres-listener'

describe('the PostgreSQL listener across outages', () => {
  const channel = 'listener_test'
  let cluster: PostgresCluster

  beforeAll(async () => {
    // A cluster of its own, stopped and started by the tests.
    cluster = await startPostgresCluster()
  })
  afterAll(() => cluster?.stop())

  async function notify(payload: string) {
    const client = new pg.Client(cluster.adminUrl)
    await client.connect()
    await client.query('select pg_notify($1, $2)', [channel, payload])
    await client.end()
  }

  async function startListener() {
    const seen = { errors: 0, resubscribed: 0, payloads: [] as string[] }
    const listener = await startPostgresListener({
      url: cluster.adminUrl,
      channel,
      onNotification: (payload) => seen.payloads.push(payload),
      onError: () => (seen.errors += 1),
      onResubscribed: () => (seen.resubscribed += 1),
    })
    return { listener, seen }
  }

  it('keeps retrying through an outage of several backoff steps, then listens again', async () => {
    const { listener, seen } = await startListener()
    expect(listener.state()).toBe('listening')
    try {
      await cluster.down()
      await vi.waitFor(() => expect(listener.state()).toBe('reconnecting'))
      const lossErrors = seen.errors
      // The outage itself, through three failed retries (at most 0.5 + 1 + 2 s of backoff).
      await vi.waitFor(() => expect(seen.errors - lossErrors).toBeGreaterThanOrEqual(3), {
        timeout: 10_000,
      })
      expect(seen.resubscribed).toBe(0)

      await cluster.up()
      await vi.waitFor(() => expect(seen.resubscribed).toBe(1), { timeout: 20_000 })
      expect(listener.state()).toBe('listening')
      await notify('after the outage')
      await vi.waitFor(() => expect(seen.payloads).toEqual(['after the outage']))
    } finally {
      await cluster.up()
      await listener.close()
    }
  }, 60_000)

  it('keeps trying when PostgreSQL is down at start-up', async () => {
    await cluster.down()
    const { listener, seen } = await startListener()
    try {
      expect(listener.state()).toBe('reconnecting')
      await cluster.up()
      await vi.waitFor(() => expect(seen.resubscribed).toBe(1), { timeout: 20_000 })
      await notify('first')
      await vi.waitFor(() => expect(seen.payloads).toEqual(['first']))
    } finally {
      await cluster.up()
      await listener.close()
    }
  }, 60_000)
})
