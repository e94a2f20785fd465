// Prints the README's table of who may call each route, from the routes' own declarations:
// `npx tsx scripts/print-access-table.ts`; with `--write`, puts it in README.md (formatted as
// Prettier would), where `server/access-table.test.ts` holds it to the code.
import { readFileSync, writeFileSync } from 'node:fs'
import { format, resolveConfig } from 'prettier'
import { accessTableOfTheCode, withAccessTable } from '../server/access-table'

const table = await accessTableOfTheCode()
if (process.argv.includes('--write')) {
  const readme = withAccessTable(readFileSync('README.md', 'utf8'), table)
  const options = await resolveConfig('README.md')
  writeFileSync('README.md', await format(readme, { ...options, filepath: 'README.md' }))
} else {
  process.stdout.write(`${table}\n`)
}
