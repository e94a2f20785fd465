import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { accessTableOfTheCode, readmeAccessTable, tableRows } from './access-table'

describe("the README's route access table", () => {
  it('is the one the code declares (npx tsx scripts/print-access-table.ts --write makes it anew)', async () => {
    const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8')
    const code = await accessTableOfTheCode()
    expect(tableRows(readmeAccessTable(readme))).toEqual(tableRows(code))
    // The walk in role-access.test.ts holds the routes to these declarations; here, a sanity floor.
    expect(tableRows(code).length).toBeGreaterThan(100)
  }, 120_000)
})
