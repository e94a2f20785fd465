import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startFakeSupplier, type FakeSupplier } from '../server/test/fake-supplier'
import { freePort } from '../server/test/free-port'
import {
  startServerProcess,
  stopServerProcess,
  waitForHealth,
  type ServerProcess,
} from '../server/test/server-process'
import { startSmtpSink, type SmtpSink } from '../server/test/smtp-sink'
import { owner } from './owner'

export type MailingServer = {
  baseUrl: string
  supplier: FakeSupplier
  smtp: SmtpSink
  /** The owner's API, over a session of its own (JSON in and out; throws on an error answer). */
  api<T = any>(method: string, path: string, body?: object): Promise<T>
  stop(): Promise<void>
}

/**
 * A built server that sends e-mail, for journeys that end in a customer's mailbox: its own data
 * directory, fake supplier panel and real SMTP server on loopback (the shared e2e server has no
 * mail). PUBLIC_URL is its own address, so links in e-mails open it. The owner is signed in to
 * `api`, and new lines get a package. `env` adds settings (a payment provider's, say).
 */
export async function startMailingServer({
  env = {},
}: { env?: Record<string, string> } = {}): Promise<MailingServer> {
  const supplier = await startFakeSupplier()
  const smtp = await startSmtpSink()
  const dataDir = mkdtempSync(join(tmpdir(), 'e2e-mail-'))
  const port = await freePort()
  const baseUrl = `http://127.0.0.1:${port}`
  let server: ServerProcess | null = startServerProcess(
    {
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
      ...env,
    },
    'built',
  )
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
  return { baseUrl, supplier, smtp, api, stop }
}
