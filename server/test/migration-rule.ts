import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

/**
 * Decision 0052: a release's migrations keep the previous release's code working, so a column or
 * table is dropped or renamed only by a clean-up, a migration that names (`-- cleanup-of: 00NN`)
 * the earlier one that prepared the removal. Migrations up to `baseline` came before the rule.
 */
export const ruleBaseline = 38

const cleanupMark = /^--\s*cleanup-of:\s*(\d{4})\b/m

/** Statements that break code still reading the old name: dropped or renamed tables and columns. */
const removals = [
  { what: 'drops a table', pattern: /\bdrop\s+table\b/i },
  // `DROP x` alone drops a column too; a column's default, NOT NULL or a constraint may go.
  {
    what: 'drops a column',
    pattern:
      /\balter\s+table\b[^;]*?\bdrop\s+(?!(?:constraint|default|not|identity|expression)\b)/i,
  },
  {
    what: 'renames a table or column',
    pattern: /\balter\s+table\b[^;]*?\brename\s+(?!constraint\b)/i,
  },
]

/** The SQL without comments and string literals, whose words are not statements. */
function codeOf(sql: string): string {
  return sql
    .replace(/\/\*[^]*?\*\//g, ' ')
    .replace(/--[^\n]*/g, ' ')
    .replace(/'(?:[^']|'')*'/g, "''")
}

const numberOf = (file: string) => Number(/^(\d{4})_/.exec(file)?.[1] ?? NaN)

/** One line per migration after the baseline that removes without being a marked clean-up. */
export function removalProblems(dir: string, baseline = ruleBaseline): string[] {
  const files = readdirSync(dir)
    .filter((file) => /^\d{4}_.*\.sql$/.test(file))
    .sort()
  const problems: string[] = []
  for (const file of files.filter((name) => numberOf(name) > baseline)) {
    const sql = readFileSync(join(dir, file), 'utf8')
    const found = removals.filter(({ pattern }) => pattern.test(codeOf(sql)))
    if (!found.length) continue
    const prepared = cleanupMark.exec(sql)?.[1]
    const isEarlier = prepared !== undefined && Number(prepared) < numberOf(file)
    if (isEarlier && files.some((name) => name.startsWith(`${prepared}_`))) continue
    const what = found.map((removal) => removal.what).join(', ')
    problems.push(
      prepared === undefined
        ? `${file} ${what} but is not marked as a clean-up (-- cleanup-of: 00NN)`
        : `${file} ${what} and marks the clean-up of ${prepared}, which is no earlier migration`,
    )
  }
  return problems
}
