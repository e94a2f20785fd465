import pg from 'pg'
import { advisoryLockIds } from '../../db/advisory-locks'
import type { DatabaseConfig } from '../../config'

// A connection lost without a word is found by a query that gets no answer.
const heartbeatMs = 10_000
const heartbeatTimeoutMs = 5_000

/** Held while this process is the one reading Telegram's updates; `lost` fires if it slips. */
export type PollerLease = { lost: AbortSignal; release(): Promise<void> }

/**
 * Telegram answers 409 Conflict to a second long poll of the same bot, so one process polls.
 * On PostgreSQL that is the holder of a session-level advisory lock on a dedicated connection:
 * when the process dies its connection closes and another one takes over at its next try. If the
 * connection is lost, `lost` fires and polling stops until the lock is held again. PGlite has
 * one process per database, so it always holds it. Answers null when another process holds it.
 */
export async function tryPollerLease(database: DatabaseConfig): Promise<PollerLease | null> {
  if (database.kind === 'pglite') {
    return { lost: new AbortController().signal, release: async () => {} }
  }
  const client = new pg.Client({
    connectionString: database.url,
    connectionTimeoutMillis: 5_000,
    query_timeout: heartbeatTimeoutMs,
  })
  const lost = new AbortController()
  client.on('error', () => lost.abort())
  client.on('end', () => lost.abort())
  try {
    await client.connect()
    const { rows } = await client.query<{ locked: boolean }>(
      'select pg_try_advisory_lock($1) as locked',
      [advisoryLockIds.telegramPoller],
    )
    if (!rows[0]?.locked) {
      await client.end()
      return null
    }
  } catch (error) {
    await client.end().catch(() => {})
    throw error
  }
  const heartbeat = setInterval(
    () => void client.query('select 1').catch(() => lost.abort()),
    heartbeatMs,
  )
  heartbeat.unref()
  return {
    lost: lost.signal,
    async release() {
      clearInterval(heartbeat)
      // Closing the session releases the lock.
      await client.end().catch(() => {})
    },
  }
}
