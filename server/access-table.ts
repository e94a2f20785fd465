import { buildApp } from './app'
import { loadConfig } from './config'
import { openDatabase } from './db/client'
import { accessTableMarkdown } from './plugins/route-access'

/**
 * The README's table of who may call each route, from the routes' own declarations: the app is
 * built on a throwaway in-memory database with the environment left out, so the table is the
 * same wherever it is made (`npx tsx scripts/print-access-table.ts`).
 */
export async function accessTableOfTheCode(): Promise<string> {
  const config = loadConfig({ DATA_DIR: 'memory://', LOG_LEVEL: 'silent' })
  const database = await openDatabase(config.database)
  try {
    const app = await buildApp({ config, database })
    try {
      await app.ready()
      return accessTableMarkdown(app.routeList)
    } finally {
      await app.close()
    }
  } finally {
    await database.close()
  }
}

const sectionStart = '<summary>Route access table</summary>'
const sectionEnd = '</details>'

/** Where the table sits in the README: after its summary line, up to the end of its details. */
function section(readme: string): { start: number; end: number } {
  const start = readme.indexOf(sectionStart)
  const end = readme.indexOf(sectionEnd, start)
  if (start === -1 || end === -1) throw new Error(`README.md has no ${sectionStart} section`)
  return { start: start + sectionStart.length, end }
}

/** A Markdown table's rows, each its cells joined by ' | ', whatever the padding (Prettier aligns the README's). */
export function tableRows(markdown: string): string[] {
  return markdown
    .split('\n')
    .filter((line) => line.startsWith('|') && !/^\|[\s|:-]+\|$/.test(line))
    .map((line) =>
      line
        .slice(1, -1)
        .split('|')
        .map((cell) => cell.trim())
        .join(' | '),
    )
}

/** The access table the README holds now. */
export function readmeAccessTable(readme: string): string {
  const { start, end } = section(readme)
  return readme.slice(start, end)
}

/** The README with its access table replaced by `table`. */
export function withAccessTable(readme: string, table: string): string {
  const { start, end } = section(readme)
  return `${readme.slice(0, start)}\n\n${table}\n\n${readme.slice(end)}`
}
