import { parse } from 'csv-parse/sync'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createClient } from '../../test/http-client'
import { owner, startTestServer, type TestServer } from '../../test/test-server'
import { insertTrialRequest } from '../../test/trial-fixtures'
import { neutralizeCell } from '../../lib/csv-export'

describe('contacts CSV export', () => {
  let server: TestServer
  let admin: ReturnType<typeof createClient>

  beforeAll(async () => {
    server = await startTestServer('pglite', { now: () => new Date('2026-11-22T08:00:00Z') })
    admin = createClient(server.baseUrl)
    await admin.login(owner.username, owner.password)
    await insertTrialRequest(server.app.db, {
      firstName: '=HYPERLINK("http://evil")',
      lastName: 'Quote "Me", please',
      adminNotes: 'line one\nline two',
      whatsapp: '+44 7700 900123',
    })
    await insertTrialRequest(server.app.db, {
      firstName: '  =HYPERLINK("http://evil")',
      lastName: 'Spaced',
    })
    await insertTrialRequest(server.app.db, {
      firstName: 'Plain',
      lastName: 'Person',
      subscriptionStatus: 'expired',
    })
  })
  afterAll(() => server.close())

  it('downloads contacts-YYYY-MM-DD.csv that parses back to the same values', async () => {
    const response = await admin.get('/api/trial-requests/export.csv')
    expect(response.headers.get('content-type')).toMatch(/^text\/csv/)
    expect(response.headers.get('content-disposition')).toBe(
      'attachment; filename="contacts-2026-11-22.csv"',
    )
    const text: string = response.body
    expect(text).toContain('\r\n')
    const [header, ...rows] = parse(text, { bom: true }) as string[][]
    expect(header!.slice(0, 4)).toEqual(['Subscription ID', 'First name', 'Last name', 'Email'])
    expect(rows).toHaveLength(3)
    const risky = rows.find((row) => row[2] === 'Quote "Me", please')!
    // Formula-like cells are neutralised; quotes, commas and line breaks survive intact.
    expect(risky[1]).toBe(`'=HYPERLINK("http://evil")`)
    expect(risky[5]).toBe(`'+44 7700 900123`)
    expect(risky[13]).toBe('line one\nline two')
    // Spaces first do not hide a formula: spreadsheets skip them.
    expect(rows.find((row) => row[2] === 'Spaced')![1]).toBe(`'  =HYPERLINK("http://evil")`)
  })

  it('exports only what the filters select', async () => {
    const response = await admin.get('/api/trial-requests/export.csv?status=expired')
    const rows = (parse(response.body, { bom: true }) as string[][]).slice(1)
    expect(rows.map((row) => row[1])).toEqual(['Plain'])
  })

  it.each([
    '=1+1',
    '+1',
    '-1',
    '@SUM(A1)',
    '\tx',
    '\rx',
    '  =1+1',
    ' +1',
    '\u00a0@SUM(A1)',
    ' \t-1',
  ])('neutralises %j', (value) => {
    expect(neutralizeCell(value)).toBe(`'${value}`)
  })

  it('leaves ordinary text alone', () => {
    expect(neutralizeCell('Ada 1+1=2')).toBe('Ada 1+1=2')
    expect(neutralizeCell('  Ada')).toBe('  Ada')
  })
})
