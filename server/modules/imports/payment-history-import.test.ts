import { eq, inArray, sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { outboxMessages } from '../../db/schema/outbox-messages'
import { payments } from '../../db/schema/payments'
import { plans } from '../../db/schema/plans'
import { trialRequests } from '../../db/schema/trial-requests'
import { parse } from 'csv-parse/sync'
import { createClient } from '../../test/http-client'
import { malformedMultipartBodies } from '../../test/malformed-inputs'
import { rawRequest } from '../../test/raw-request'
import { seedAdmin } from '../../test/seed-admin'
import { openAdminSocket } from '../../test/socket-client'
import { useSupplierServer } from '../../test/supplier-server'
import { databaseKinds } from '../../test/test-server'

const header = 'email,firstName,lastName,plan,months,amount,currency,paidAt,method,reference'

describe.each(databaseKinds)('payment history brought in from a CSV, on %s', (kind) => {
  const t = useSupplierServer(kind)
  const db = () => t.server.app.db
  const planName = `Import ${crypto.randomUUID().slice(0, 8)}`
  const file = [
    header,
    `ann@example.com,Ann,Lee,${planName},1,10.00,EUR,2024-01-15,cash,R1`,
    // Paid before the first month ran out: the year runs on from its end.
    `ANN@example.com,Ann,Lee,${planName},12,120.00,eur,2024-02-01T09:00:00Z,bank_transfer,R2`,
    `bob@example.com,Bob,Ray,${planName},3,30.00,EUR,2024-01-20,,`,
  ].join('\n')

  // The file as a browser's fetch sends it, in the owner's session.
  const send = async (
    body: string | FormData,
    dryRun: boolean,
    client = t.admin,
    progressId?: string,
  ) => {
    const headers: Record<string, string> = { origin: t.server.baseUrl, cookie: client.cookie! }
    if (typeof body === 'string') headers['content-type'] = 'text/csv; charset=utf-8'
    const query = `dryRun=${dryRun}${progressId ? `&progressId=${progressId}` : ''}`
    const url = new URL(`/api/imports/payments?${query}`, t.server.baseUrl)
    const response = await fetch(url, { method: 'POST', headers, body })
    return { status: response.status, body: await response.json() }
  }
  const importedPayments = () =>
    db().select().from(payments).where(eq(payments.planName, planName)).orderBy(payments.paidAt)
  const outboxCount = async () =>
    (
      await db()
        .select({ n: sql<number>`count(*)::int` })
        .from(outboxMessages)
    )[0]!.n

  beforeAll(async () => {
    await db().insert(plans).values({ name: planName, price: '10.00', currency: 'EUR' })
  })

  it('shows every row’s problem by its line in a dry run, and refuses to import them', async () => {
    const bad = [
      header,
      `carl@example.com,Carl,Moe,${planName},1,10.00,EUR,2024-03-01,cash,`,
      `nope,Dan,Moe,${planName},1,10.00,EUR,2024-03-01,cash,`,
      `dan@example.com,Dan,Moe,${planName},13,10.00,EUR,2024-03-01,cash,`,
      'dan@example.com,Dan,Moe,No such plan,1,10.00,EUR,2024-03-01,cash,',
      `dan@example.com,Dan,Moe,${planName},1,10.00,USD,2024-03-01,cash,D6`,
      `dan@example.com,Dan,Moe,${planName},1,10.00,EUR,2999-01-01,cash,`,
      `carl@example.com,Carl,Moe,${planName},1,10.00,EUR,2024-03-01,cash,`,
      '',
      // A quoted cell over two lines: the next row starts on line 12.
      `"Multi`,
      `line@x",Eve,Moe,${planName},1,10.00,EUR,2024-03-01,cash,`,
      `eve@example.com,Eve,Moe,${planName},1,ten,EUR,2024-03-01,cash,`,
    ].join('\n')
    const dry = await send(bad, true)
    expect(dry.status).toBe(200)
    expect(
      dry.body.problems.map((p: { line: number; field: string }) => [p.line, p.field]),
    ).toEqual([
      [3, 'email'],
      [4, 'months'],
      [5, 'plan'],
      [6, 'currency'],
      [7, 'paidAt'],
      [8, null],
      [10, 'email'],
      [12, 'amount'],
    ])
    expect(dry.body.problems[5].message).toContain('repeats line 2')
    expect(dry.body.isImported).toBe(false)
    expect(dry.body.problemCount).toBe(8)
    const refused = await send(bad, false)
    expect(refused.status).toBe(422)
    expect(refused.body.problems).toHaveLength(8)
    expect(refused.body).toMatchObject({ problemCount: 8, problemsCsv: expect.any(String) })
    expect(await importedPayments()).toEqual([])
  })

  it('reads a file longer than any text field as a body, and holds each cell to the text rule', async () => {
    const rows = Array.from(
      { length: 1500 },
      (_, n) =>
        `big${n}@example.com,Big,Number${n},${planName},1,10.00,EUR,2024-05-01,cash,Till receipt ${n}`,
    )
    const big = [
      header,
      ...rows,
      `nul@example.com,N\u0000ul,Moe,${planName},1,10.00,EUR,2024-05-01,cash,`,
    ].join('\n')
    expect(big.length).toBeGreaterThan(100_000)
    const dry = await send(big, true)
    expect(dry.status).toBe(200)
    expect(dry.body).toMatchObject({ rows: 1501, payments: { new: 1500 } })
    expect(dry.body.problems).toEqual([
      {
        line: 1502,
        field: 'firstName',
        message: 'firstName contains a control character that is not allowed',
      },
    ])
  })

  it('lists the first 1,000 problems by line with their count, every one in a CSV for the sender only', async () => {
    const rows = [
      // Found by the check against the records, after the file's own problems, yet listed first.
      'first@example.com,First,Moe,No such plan,1,10.00,EUR,2024-03-01,cash,',
      ...Array.from(
        { length: 1100 },
        (_, n) => `bad${n}@example.com,Bad,Moe,${planName},1,ten,EUR,2024-03-01,cash,`,
      ),
      ...Array.from(
        { length: 400 },
        (_, n) => `plan${n}@example.com,Plan,Moe,No such plan,1,10.00,EUR,2024-03-01,cash,`,
      ),
    ]
    const dry = await send([header, ...rows].join('\n'), true)
    expect(dry.status).toBe(200)
    expect(dry.body).toMatchObject({ rows: 1501, problemCount: 1501 })
    const listed: { line: number; field: string }[] = dry.body.problems
    expect(listed).toHaveLength(1000)
    expect(listed.map((problem) => problem.line)).toEqual(
      Array.from({ length: 1000 }, (_, n) => n + 2),
    )
    expect(listed[0]).toMatchObject({ field: 'plan' })
    expect(listed[1]).toMatchObject({ field: 'amount' })

    const csvPath: string = dry.body.problemsCsv
    expect(csvPath).toMatch(/^\/api\/imports\/payments\/[0-9a-f-]{36}\/problems\.csv$/)
    const download = await t.admin.get(csvPath)
    expect(download.status).toBe(200)
    expect(download.headers.get('content-type')).toMatch(/^text\/csv/)
    expect(download.headers.get('content-disposition')).toContain('import-problems.csv')
    const [head, ...all] = parse(download.body, { bom: true }) as string[][]
    expect(head).toEqual(['line', 'field', 'problem'])
    expect(all).toHaveLength(1501)
    expect(all.map((row) => Number(row[0]))).toEqual(Array.from({ length: 1501 }, (_, n) => n + 2))
    expect(all[0]).toEqual(['2', 'plan', 'plan: no plan is named "No such plan"'])
    expect(all[1]).toEqual(['3', 'amount', 'amount must be a positive amount such as 29.99'])

    const other = createClient(t.server.baseUrl)
    await seedAdmin(db(), {
      username: `reader${kind}`,
      password: 'a long enough password 1',
      role: 'super_admin',
    })
    await other.login(`reader${kind}`, 'a long enough password 1')
    expect((await other.get(csvPath)).status).toBe(404)
    const unknown = await t.admin.get(`/api/imports/payments/${crypto.randomUUID()}/problems.csv`)
    expect(unknown.status).toBe(404)
    expect(unknown.body.message).toContain('check the file again')
    expect((await t.admin.get('/api/imports/payments/nope/problems.csv')).status).toBe(400)
  })

  it('answers 400 naming what is wrong with a broken multipart upload, never a 500', async () => {
    const answers = []
    for (const { what, contentType, body, names } of malformedMultipartBodies) {
      const answer = await rawRequest(
        t.server.baseUrl,
        'POST',
        '/api/imports/payments?dryRun=true',
        {
          headers: {
            origin: t.server.baseUrl,
            cookie: t.admin.cookie!,
            'content-type': contentType,
          },
          body,
        },
      )
      const message = (answer.json as { message?: string } | undefined)?.message ?? answer.text
      answers.push({ what, status: answer.status, names: message.includes(names) })
    }
    expect(answers).toEqual(
      malformedMultipartBodies.map(({ what }) => ({ what, status: 400, names: true })),
    )
  })

  it('refuses a file over 32 MB with 413 before reading it', async () => {
    const answer = await rawRequest(t.server.baseUrl, 'POST', '/api/imports/payments?dryRun=true', {
      headers: {
        origin: t.server.baseUrl,
        cookie: t.admin.cookie!,
        'content-type': 'text/csv',
        'content-length': String(40 * 1024 * 1024),
      },
    })
    expect(answer.status).toBe(413)
    expect(answer.json).toEqual({ message: 'file: larger than 32 MB; split it into smaller files' })
  })

  it('answers 400 naming the missing columns of line 1', async () => {
    const response = await send('email,firstName\nann@example.com,Ann', true)
    expect(response.status).toBe(400)
    expect(response.body.message).toContain('lastName')
  })

  it('dry-runs what it would create, changing nothing', async () => {
    const dry = await send(file, true)
    expect(dry.status).toBe(200)
    expect(dry.body).toMatchObject({
      dryRun: true,
      isImported: false,
      rows: 3,
      people: { new: 2, existing: 0 },
      payments: { new: 3, alreadyImported: 0 },
      problems: [],
    })
    expect(dry.body.created[1]).toMatchObject({
      line: 3,
      periodStart: '2024-02-15T00:00:00.000Z',
      periodEnd: '2025-02-15T00:00:00.000Z',
    })
    expect(await importedPayments()).toEqual([])
  })

  it('imports people and paid periods in one go, with no e-mail and no panel call', async () => {
    const mailBefore = await outboxCount()
    const panelBefore = t.supplier.calls.length
    const form = new FormData()
    form.append('file', new Blob([file], { type: 'text/csv' }), 'history.csv')
    const done = await send(form, false)
    expect(done.status).toBe(200)
    expect(done.body).toMatchObject({ isImported: true, payments: { new: 3, alreadyImported: 0 } })
    const rows = await importedPayments()
    expect(rows.map((row) => [row.status, row.periodStart, row.newEnd, row.receiptNumber])).toEqual(
      [
        ['paid', new Date('2024-01-15'), new Date('2024-02-15'), null],
        ['paid', new Date('2024-01-20'), new Date('2024-04-20'), null],
        ['paid', new Date('2024-02-15'), new Date('2025-02-15'), null],
      ],
    )
    const people = await db()
      .select()
      .from(trialRequests)
      .where(inArray(trialRequests.email, ['ann@example.com', 'bob@example.com']))
    expect(people).toHaveLength(2)
    const ann = people.find((person) => person.firstName === 'Ann')!
    expect(ann).toMatchObject({ subscriptionStatus: 'expired', paidPlan: planName })
    expect(ann.subscriptionEndDate).toEqual(new Date('2025-02-15'))
    expect(ann.importedAt).not.toBeNull()
    expect(await outboxCount()).toBe(mailBefore)
    expect(t.supplier.calls.length).toBe(panelBefore)
  })

  it('creates nothing from the same file again, and says so', async () => {
    const again = await send(file, false)
    expect(again.status).toBe(200)
    expect(again.body).toMatchObject({
      people: { new: 0, existing: 0 },
      payments: { new: 0, alreadyImported: 3 },
    })
    expect(await importedPayments()).toHaveLength(3)
  })

  it('counts the imported history in the owner’s numbers', async () => {
    const metrics = await t.admin.get('/api/metrics/subscriptions?from=2024-01&to=2024-02')
    expect(metrics.status).toBe(200)
    expect(metrics.body.months).toMatchObject([
      {
        month: '2024-01',
        mrr: '20.00',
        newMrr: '20.00',
        payingCustomers: 2,
        cash: '40.00',
        trialsStarted: 0,
      },
      { month: '2024-02', mrr: '20.00', cash: '120.00', churnedMrr: '0.00' },
    ])
  })

  it('tells its progress to the uploader’s sockets only, and refuses a progressId not a UUID', async () => {
    const other = createClient(t.server.baseUrl)
    await seedAdmin(db(), {
      username: `watcher${kind}`,
      password: 'a long enough password 1',
      role: 'super_admin',
    })
    await other.login(`watcher${kind}`, 'a long enough password 1')
    const mine = await openAdminSocket(t.server.baseUrl, t.admin.cookie)
    const theirs = await openAdminSocket(t.server.baseUrl, other.cookie)
    const progressId = crypto.randomUUID()
    expect((await send(file, true, t.admin, progressId)).status).toBe(200)
    const checked = await mine.waitFor(
      (frame) =>
        frame.type === 'import:progress' &&
        frame.progress.phase === 'checking' &&
        frame.progress.done === frame.progress.total,
    )
    expect(checked).toEqual({
      type: 'import:progress',
      progress: { progressId, phase: 'checking', done: 3, total: 3 },
    })
    expect(theirs.ofType('import:progress')).toEqual([])
    mine.close()
    theirs.close()
    const refused = await send(file, true, t.admin, 'not-a-uuid')
    expect(refused.status).toBe(400)
    expect(refused.body.message).toContain('progressId')
  })

  it('takes a text/csv body far longer than any text field may be', async () => {
    const rows = Array.from(
      { length: 2000 },
      (_, i) => `long${i}@example.com,Long,Row,${planName},1,10.00,EUR,2024-05-01,cash,L${i}`,
    )
    const long = [header, ...rows].join('\n')
    expect(long.length).toBeGreaterThan(100_000)
    const dry = await send(long, true)
    expect(dry.status).toBe(200)
    expect(dry.body).toMatchObject({ rows: 2000, payments: { new: 2000 }, problems: [] })
  })

  it('reports a control character in a cell by its line, never a 500', async () => {
    const dry = await send(
      `${header}\nnul@example.com,N\u0000l,Lee,${planName},1,10.00,EUR,2024-05-01,cash,`,
      true,
    )
    expect(dry.status).toBe(200)
    expect(dry.body.problems).toEqual([
      { line: 2, field: 'firstName', message: expect.stringContaining('control character') },
    ])
  })

  it('lets super admins only import', async () => {
    const admin = createClient(t.server.baseUrl)
    await seedAdmin(db(), { username: `importer${kind}`, password: 'a long enough password 1' })
    await admin.login(`importer${kind}`, 'a long enough password 1')
    expect((await send(file, true, admin)).status).toBe(403)
    const stranger = await fetch(new URL('/api/imports/payments?dryRun=true', t.server.baseUrl), {
      method: 'POST',
      headers: { 'content-type': 'text/csv', origin: t.server.baseUrl },
      body: file,
    })
    expect(stranger.status).toBe(401)
  })
})
