import { readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { ownershipProblems, schemaTables, serverSources, tableWrites } from '../test/table-writes'
import { bookkeepingColumns, columnOwners, mayWriteAnyTable, tableOwners } from './owners'

const serverDir = join(dirname(fileURLToPath(import.meta.url)), '..')
const schemaDir = join(serverDir, 'db', 'schema')
const owners = {
  tables: tableOwners,
  columns: columnOwners,
  bookkeeping: bookkeepingColumns,
  anyTable: mayWriteAnyTable,
}

/** The problems of one made-up file of `modules/`, read as the server's own code is. */
function problemsOf(path: string, text: string) {
  // With the helper that inserts a table it is given, as the server has it.
  const helper = join(serverDir, 'db', 'insert-many.ts')
  const { writes, unnamed } = tableWrites(
    [
      { path: join(serverDir, 'modules', path), text },
      { path: helper, text: readFileSync(helper, 'utf8') },
    ],
    schemaDir,
    serverDir,
  )
  return [...ownershipProblems(writes, owners), ...unnamed.map((write) => write.text)]
}

const header = `import { sql } from 'drizzle-orm'
import { insertMany } from '../../db/insert-many'
import { payments as paid } from '../../db/schema/payments'
import * as people from '../../db/schema/trial-requests'
`

// Decision 0046: one module writes each table; the others ask it through its commands.
describe('table owners', () => {
  it('name an owner for every table of the schema', () => {
    const tables = [...schemaTables(schemaDir).values()].flatMap((exported) => [
      ...exported.values(),
    ])
    expect(tables.length).toBeGreaterThan(40)
    expect(tables.filter((table) => !(table in tableOwners))).toEqual([])
    expect(Object.keys(tableOwners).filter((table) => !tables.includes(table))).toEqual([])
  })

  it('are the only writers of their tables in the server code', () => {
    const { writes, unnamed } = tableWrites(serverSources(serverDir), schemaDir, serverDir)
    // The reading sees writes at all, of each kind and by each route: drizzle, raw SQL, helpers.
    const seen = (file: string, table: string) =>
      writes.some((write) => write.file === file && write.table === table)
    expect(seen('modules/payments/checkout.service.ts', 'payments')).toBe(true)
    expect(seen('modules/settings/settings-commands.ts', 'settings')).toBe(true)
    expect(seen('modules/rate-limits/rate-limiter.ts', 'rate_limits')).toBe(true)
    expect(writes.filter((write) => write.kind === 'delete').length).toBeGreaterThan(10)
    // A declared exception writes whatever table it is given; every other write names its table.
    expect(unnamed.filter((write) => !mayWriteAnyTable.includes(write.file))).toEqual([])
    expect(ownershipProblems(writes, owners)).toEqual([])
  })

  it("fail a drizzle write, a raw statement and a helper's insert from another module", () => {
    const problems = problemsOf(
      'imports/offending.ts',
      `${header}
      export async function offend(tx, id) {
        await tx.update(paid).set({ status: 'paid' }).where(sql\`id = \${id}\`)
        await tx.execute(sql\`delete from \${paid} where id = \${id}\`)
        await tx.execute(sql.raw('UPDATE "public"."payments" SET status = 1'))
        await insertMany(tx, people.trialRequests, [])
      }`,
    )
    expect(problems).toEqual([
      'modules/imports/offending.ts:7 (update payments): payments belongs to payments',
      'modules/imports/offending.ts:8 (delete payments): payments belongs to payments',
      'modules/imports/offending.ts:9 (update payments): payments belongs to payments',
      'modules/imports/offending.ts:10 (insert trial_requests): trial_requests belongs to trial-requests',
    ])
  })

  it('fail a write of columns another module owns, and a write the reading cannot name', () => {
    const problems = problemsOf(
      'trial-requests/offending.ts',
      `${header}
      const ended = { subscriptionStatus: 'expired' }
      export async function offend(tx, table) {
        await tx.update(people.trialRequests).set({ ...ended, updatedAt: new Date() })
        const alias = [paid][0]
        await tx.insert(alias).values({})
      }`,
    )
    expect(problems).toEqual([
      "modules/trial-requests/offending.ts:8 (update trial_requests): writes subscriptionStatus (subscriptions's)",
      'tx.insert(alias)',
    ])
    expect(
      problemsOf(
        'subscriptions/offending.ts',
        `${header}
        export const rename = (tx) => tx.update(people.trialRequests).set({ name: 'x' })`,
      ),
    ).toEqual([
      "modules/subscriptions/offending.ts:6 (update trial_requests): writes name (trial-requests's)",
    ])
  })

  it('leave alone what only looks like a write', () => {
    expect(
      problemsOf(
        'imports/harmless.ts',
        `${header}
        export function harmless(tx, seen: Map<string, number>, hash) {
          seen.delete('payments')
          hash.update(seen).digest()
          return tx.select().from(paid).for('update')
        }`,
      ),
    ).toEqual([])
  })
})
