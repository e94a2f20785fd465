import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const modulesDir = join(dirname(fileURLToPath(import.meta.url)), 'modules')

// What a route must leave to a command: the transaction, the trail entry.
const commandWork = /\bauditedChange\b|\brecordAudit\b|\brecordSystemAudit\b|\.transaction\(/

const sourceFiles = (module: string) =>
  readdirSync(join(modulesDir, module), { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.ts$/.test(file) && !/\.test\.ts$/.test(file))
    .map((file) => ({
      file: join(module, file),
      text: readFileSync(join(modulesDir, module, file), 'utf8'),
    }))

const routeFiles = (module: string) =>
  sourceFiles(module).filter(({ file }) => /(^|[./-])routes\.ts$/.test(file))

/** `file: the first line that does a command's work`, for each route file doing some. */
const routesDoingCommandWork = (modules: string[]) =>
  modules.flatMap((module) =>
    routeFiles(module).flatMap(({ file, text }) => {
      const line = text.split('\n').find((candidate) => commandWork.test(candidate))
      return line ? [`${file}: ${line.trim()}`] : []
    }),
  )

// docs/architecture.md §3: a route parses, calls one command and presents its result; the
// command owns its transaction and its trail entry, the same whoever calls it (decisions 0055, 0065).
describe('routes', () => {
  const modules = readdirSync(modulesDir)

  it('leave transactions and trail entries to commands', () => {
    // The reading sees routes at all, and the work it looks for where it is done: in commands.
    expect(routeFiles('plans').length + routeFiles('payments').length).toBeGreaterThan(1)
    const commandFiles = modules.flatMap((module) =>
      sourceFiles(module).filter(({ file }) => /\.commands\.ts$/.test(file)),
    )
    expect(commandFiles.filter(({ text }) => commandWork.test(text)).length).toBeGreaterThan(10)
    expect(routesDoingCommandWork(modules)).toEqual([])
  })
})
