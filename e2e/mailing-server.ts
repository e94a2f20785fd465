import { rmSync } from 'node:fs'
import { openDatabase, type Db } from '../server/db/client'
import { startFakeSupplier, type FakeSupplier } from '../server/test/fake-supplier'
import { freePort } from '../server/test/free-port'
import {
  startServerProcess,
  stopServerProcess,
  waitForHealth,
  type ServerProcess,
} from '../server/test/server-process'
import { startSmtpSink, type SmtpSink } from '../server/test/smtp-sink'
import { migratedDataDir } from './data-dirs'
import { owner } from './owner'

export type MailingServer = {
  baseUrl: string
  supplier: FakeSupplier
  smtp: SmtpSink
  /** The owner's API, over a session of its own (JSON in and out; throws on an error answer). */
  api<T = any>(method: string, path: string, body?: object): Promise<T>
  /**
   * Stops the server, hands its database to `whileStopped` (PGlite's data directory is one
   * process's at a time), then starts it again on the same address and data, once healthy.
   */
  restart(whileStopped: (db: Db) => Promise<void>): Promise<void>
  stop(): Promise<void>
}

/**
 * A built server that sends e-mail, for journeys that end in a customer's mailbox: its own data
 * directory (a copy of the run's migrated one, with the owner), fake supplier panel and real SMTP server on loopback (the shared e2e server has no
 * mail). PUBLIC_URL is its own address, so links in e-mails open it. The owner is signed in to
 * `api`, and new lines get a package. `env` adds settings (a payment provider's, say).
 */
export async function startMailingServer({
  env: extraEnv = {},
}: { env?: Record<string, string> } = {}): Promise<MailingServer> {
  const supplier = await startFakeSupplier()
  const smtp = await startSmtpSink()
  const dataDir = migratedDataDir('e2e-mail-')
  const port = await freePort()
  const baseUrl = `http://127.0.0.1:${port}`
  const env = {
    PORT: String(port),
    DATA_DIR: dataDir,
    ADMIN_USERNAME: owner.username,
    ADMIN_PASSWORD: owner.password,
    // Nothing listens there: the sports pages are not part of these journeys.
    SPORTS_API_BASE: 'http://127.0.0.1:9',
    SUPPLIER_API_URL: supplier.apiUrl,
    SUPPLIER_API_KEY: supplier.apiKey,
    SMTP_URL: smtp.url,
    MAIL_FROM: 'StreamLine <hello@streamline.test>',
    PUBLIC_URL: baseUrl,
    ...extraEnv,
  }
  let server: ServerProcess | null = startServerProcess(env, 'built')
  let cookie = ''
  async function api<T>(method: string, path: string, body?: object): Promise<T> {
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers: {
        cookie,
        origin: baseUrl,
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    })
    if (!response.ok) {
      throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`)
    }
    const setCookies = response.headers.getSetCookie()
    if (setCookies.length) cookie = setCookies.map((value) => value.split(';')[0]).join('; ')
    return (await response.json()) as T
  }
  async function restart(whileStopped: (db: Db) => Promise<void>) {
    if (server) await stopServerProcess(server)
    server = null
    const database = await openDatabase({ kind: 'pglite', dataDir })
    try {
      await whileStopped(database.db)
    } finally {
      await database.close()
    }
    server = startServerProcess(env, 'built')
    await waitForHealth(baseUrl, server)
  }
  async function stop() {
    if (server) await stopServerProcess(server)
    server = null
    await smtp.close()
    await supplier.close()
    rmSync(dataDir, { recursive: true, force: true })
  }
  try {
    await waitForHealth(baseUrl, server)
    await api('POST', '/api/admin/login', owner)
    await api('PUT', '/api/settings/supplier', {
      packageId: '4',
      gracePeriodDays: 0,
      creditAlertThreshold: 10,
    })
  } catch (error) {
    await stop()
    throw error
  }
  return { baseUrl, supplier, smtp, api, restart, stop }
}
