import { PGlite, type QueryOptions } from '@electric-sql/pglite'
import { sql } from 'drizzle-orm'
import { NoopCache } from 'drizzle-orm/cache/core'
import { NoopLogger } from 'drizzle-orm/logger'
import { drizzle, PglitePreparedQuery } from 'drizzle-orm/pglite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { drizzleTextTypes, pgliteForDrizzle } from './pglite-for-drizzle'

describe('PGlite as drizzle sees it', () => {
  let client: PGlite
  beforeAll(async () => {
    client = await PGlite.create()
  })
  afterAll(() => client.close())

  it("installs exactly the parsers drizzle hands every query, each keeping PostgreSQL's text", () => {
    const query = new PglitePreparedQuery(
      client,
      'select 1',
      [],
      new NoopLogger(),
      new NoopCache(),
      undefined,
      undefined,
      undefined,
      undefined,
      true,
    )
    // Private in drizzle's types: what it passes PGlite with every query is what this pins.
    const passed = query as unknown as Record<'queryConfig' | 'rawQueryConfig', QueryOptions>
    for (const { parsers = {} } of [passed.queryConfig, passed.rawQueryConfig]) {
      expect(Object.keys(parsers).map(Number).sort()).toEqual([...drizzleTextTypes].sort())
      for (const parse of Object.values(parsers))
        expect(parse('2026-11-25 10:00:00+00')).toBe('2026-11-25 10:00:00+00')
    }
  })

  it('reads every type as drizzle would, in and out of a transaction', async () => {
    const db = drizzle(pgliteForDrizzle(client))
    const select = sql`select '2026-11-25 10:00:00+00'::timestamptz as at, '2026-11-25'::date as day,
      '1 day'::interval as span, array[1.5]::numeric[] as amounts, 7::int4 as count,
      '{"a":1}'::jsonb as doc`
    const expected = {
      at: '2026-11-25 10:00:00+00',
      day: '2026-11-25',
      span: '1 day',
      amounts: '{1.5}',
      count: 7,
      doc: { a: 1 },
    }
    expect((await db.execute(select)).rows).toEqual([expected])
    expect(await db.transaction(async (tx) => (await tx.execute(select)).rows)).toEqual([expected])
  })

  it('still applies parsers a caller gives for other types', async () => {
    const queried = pgliteForDrizzle(client)
    const { rows } = await queried.query<{ n: string }>('select 7::int4 as n', [], {
      parsers: { 23: (value) => `int ${value}` },
    })
    expect(rows).toEqual([{ n: 'int 7' }])
  })
})
