import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach } from 'vitest'
import { m3uLines } from '../db/schema/m3u-lines'
import { startFakeSupplier, type FakeSupplier } from './fake-supplier'
import { createClient } from './http-client'
import { owner, startTestServer, type DatabaseKind, type TestServer } from './test-server'
import { insertTrialRequest } from './trial-fixtures'

const day = 24 * 60 * 60 * 1000

/**
 * For the enclosing describe block: a fake supplier panel, the app on it with the server's key and
 * an injected clock (starting at the real time: the fake panel refuses expiry dates in its past),
 * the owner signed in, and a package set for new lines. Read the fields inside tests.
 */
export function useSupplierServer(kind: DatabaseKind, env: Record<string, string> = {}) {
  const context = {
    now: new Date(),
    logs: [],
  } as unknown as {
    supplier: FakeSupplier
    server: TestServer
    admin: ReturnType<typeof createClient>
    now: Date
    /** The server's log lines (at LOG_LEVEL, silent unless `env` sets one). */
    logs: string[]
    /** Moves the clock on, signing the owner in again (a session does not last for months). */
    travel(days: number): Promise<void>
    /** A trial request made now by the clock. */
    newPerson(
      fields?: Parameters<typeof insertTrialRequest>[1],
    ): ReturnType<typeof insertTrialRequest>
  }
  context.travel = async (days) => {
    context.now = new Date(context.now.getTime() + days * day)
    await context.admin.login(owner.username, owner.password)
  }
  context.newPerson = (fields = {}) =>
    insertTrialRequest(context.server.app.db, { createdAt: context.now, ...fields })

  beforeAll(async () => {
    context.supplier = await startFakeSupplier()
    context.server = await startTestServer(kind, {
      env: {
        SUPPLIER_API_URL: context.supplier.apiUrl,
        SUPPLIER_API_KEY: context.supplier.apiKey,
        SUPPLIER_TIMEOUT_MS: '5000',
        ...env,
      },
      now: () => context.now,
      logStream: (line) => context.logs.push(line),
    })
    context.admin = createClient(context.server.baseUrl)
    await context.admin.login(owner.username, owner.password)
    const settings = { packageId: '3, 5', gracePeriodDays: 0, creditAlertThreshold: 10 }
    const saved = await context.admin.put('/api/settings/supplier', settings)
    if (saved.status !== 200) throw new Error(`supplier settings: ${JSON.stringify(saved.body)}`)
  })
  afterAll(async () => {
    await context.server?.close()
    await context.supplier?.close()
  })
  beforeEach(() => context.supplier.setMode('ok'))
  return context
}

/** The fake panel's line with this username. */
export function panelLine(supplier: FakeSupplier, username: string) {
  const line = supplier.lines.find((candidate) => candidate.username === username)
  if (!line) throw new Error(`No line ${username} on the fake panel`)
  return line
}

/** Unix seconds, as the panel keeps an expiry. */
export const panelSeconds = (iso: string | Date) =>
  String(Math.floor(new Date(iso).getTime() / 1000))

/**
 * A person's line as the tests look at it: its address, the username the server gives it, the
 * creates the panel was sent for it, the panel's copies of it and our stored row.
 */
export function lineProbes(context: { supplier: FakeSupplier; server: TestServer }) {
  return {
    lineOf: (personId: string) => `/api/trial-requests/${personId}/line`,
    usernameOf: (person: { subscriptionId: string }) =>
      `sl${person.subscriptionId.slice(4).toLowerCase()}`,
    creates: (username: string) =>
      context.supplier.calls.filter(
        (call) => call.action === 'create_line' && call.form.get('username') === username,
      ),
    onPanel: (username: string) =>
      context.supplier.lines.filter((line) => line.username === username),
    rowOf: async (lineId: string) =>
      (await context.server.app.db.select().from(m3uLines).where(eq(m3uLines.id, lineId)))[0]!,
  }
}
