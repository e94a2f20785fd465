import { randomUUID } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import type { PaymentImportProgress } from '../../../common/payment-imports'
import type { ServerFrame } from '../../../common/realtime'
import { payments } from '../../db/schema/payments'
import { plans } from '../../db/schema/plans'
import { openAdminSocket, type TestSocket } from '../../test/socket-client'
import { databaseKinds, useAdminServer } from '../../test/test-server'

const header = 'email,firstName,lastName,plan,months,amount,currency,paidAt,method,reference'
const rowCount = 50_000
const peopleCount = 20_000
// Slow machines and a loaded CI still finish; the figures are in the report.
const timeout = 180_000

/**
 * Fifty thousand rows for twenty thousand people: the first ten thousand pay in January,
 * February and March, the rest in January and February; every tenth payment is a year.
 */
function historyFile(planName: string): string {
  const lines = [header]
  for (let i = 0; i < rowCount; i += 1) {
    const person = i % peopleCount
    const month = Math.floor(i / peopleCount) + 1
    const months = i % 10 === 0 ? 12 : 1
    const amount = months === 12 ? '100.00' : '10.00'
    lines.push(
      `p${person}@big.example,P${person},Lee,${planName},${months},${amount},EUR,2024-0${month}-0${(person % 9) + 1},bank_transfer,R${i}`,
    )
  }
  return lines.join('\n')
}

type ProgressFrame = Extract<ServerFrame, { type: 'import:progress' }>

const progressOf = (socket: TestSocket, progressId: string): PaymentImportProgress[] =>
  socket
    .ofType('import:progress')
    .map((frame) => frame.progress)
    .filter((progress) => progress.progressId === progressId)

/** Every phase ran, in order, and was seen part-way (a bar that moved), ending at its total. */
function expectMoved(seen: PaymentImportProgress[], phases: PaymentImportProgress['phase'][]) {
  expect([...new Set(seen.map((progress) => progress.phase))]).toEqual(phases)
  for (const phase of phases) {
    const steps = seen.filter((progress) => progress.phase === phase)
    const { total } = steps.at(-1)!
    expect(steps.at(-1)!.done).toBe(total)
    expect(steps.some((step) => step.done > 0 && step.done < total)).toBe(true)
    const done = steps.map((step) => step.done)
    expect(done).toEqual([...done].sort((a, b) => a - b))
  }
}

describe.each(databaseKinds)('a 50,000-row payment history, on %s', (kind) => {
  const t = useAdminServer(kind)
  const planName = `Big ${randomUUID().slice(0, 8)}`
  const file = historyFile(planName)
  let socket: TestSocket

  const send = async (body: string | FormData, dryRun: boolean, progressId: string) => {
    const headers: Record<string, string> = { origin: t.server.baseUrl, cookie: t.admin.cookie! }
    if (typeof body === 'string') headers['content-type'] = 'text/csv'
    const url = new URL(
      `/api/imports/payments?dryRun=${dryRun}&progressId=${progressId}`,
      t.server.baseUrl,
    )
    const response = await fetch(url, { method: 'POST', headers, body })
    return { status: response.status, body: await response.json() }
  }
  const asUpload = () => {
    const form = new FormData()
    form.append('file', new Blob([file], { type: 'text/csv' }), 'history.csv')
    return form
  }
  /** The last frame of a phase may cross the answer on its way. */
  const phaseEnd = (progressId: string, phase: PaymentImportProgress['phase']) =>
    socket.waitFor(
      (frame): frame is ProgressFrame =>
        frame.type === 'import:progress' &&
        frame.progress.progressId === progressId &&
        frame.progress.phase === phase &&
        frame.progress.done === frame.progress.total,
    )
  const imported = async () =>
    (
      await t.server.app.db
        .select({
          payments: sql<number>`count(*)::int`,
          people: sql<number>`count(distinct ${payments.trialRequestId})::int`,
        })
        .from(payments)
        .where(eq(payments.planName, planName))
    )[0]!

  beforeAll(async () => {
    await t.server.app.db.insert(plans).values({ name: planName, price: '10.00', currency: 'EUR' })
    socket = await openAdminSocket(t.server.baseUrl, t.admin.cookie)
    return () => socket.close()
  })

  it(
    'checks the whole file in a dry run, its progress moving, and writes nothing',
    async () => {
      const progressId = randomUUID()
      const dry = await send(file, true, progressId)
      expect(dry.status).toBe(200)
      expect(dry.body).toMatchObject({
        isImported: false,
        rows: rowCount,
        people: { new: peopleCount, existing: 0 },
        payments: { new: rowCount, alreadyImported: 0 },
        problems: [],
      })
      await phaseEnd(progressId, 'checking')
      expectMoved(progressOf(socket, progressId), ['reading', 'checking'])
      expect(await imported()).toEqual({ payments: 0, people: 0 })
    },
    timeout,
  )

  it(
    'imports every row once, its progress moving through reading, checking and writing',
    async () => {
      const progressId = randomUUID()
      const done = await send(asUpload(), false, progressId)
      expect(done.status).toBe(200)
      expect(done.body).toMatchObject({
        isImported: true,
        people: { new: peopleCount, existing: 0 },
        payments: { new: rowCount, alreadyImported: 0 },
      })
      await phaseEnd(progressId, 'writing')
      expectMoved(progressOf(socket, progressId), ['reading', 'checking', 'writing'])
      expect(await imported()).toEqual({ payments: rowCount, people: peopleCount })
      const chained = await t.server.app.db
        .select({ periodStart: payments.periodStart, newEnd: payments.newEnd })
        .from(payments)
        .where(eq(payments.reference, 'R20000'))
      // Person 0 paid a year on 2024-01-01, then another on 2024-02-01: it runs on from the first.
      expect(chained).toEqual([
        { periodStart: new Date('2025-01-01'), newEnd: new Date('2026-01-01') },
      ])
    },
    timeout,
  )

  it(
    'creates nothing from the same file again',
    async () => {
      const again = await send(asUpload(), false, randomUUID())
      expect(again.status).toBe(200)
      expect(again.body).toMatchObject({
        people: { new: 0, existing: 0 },
        payments: { new: 0, alreadyImported: rowCount },
      })
      expect(await imported()).toEqual({ payments: rowCount, people: peopleCount })
    },
    timeout,
  )
})
