import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const modulesDir = join(dirname(fileURLToPath(import.meta.url)), 'modules')

// Modules not yet on commands: their routes may still open the audited transaction themselves,
// through the route-shaped `inAuditedTransaction`. The money modules move with the work now under
// way in them, m3u after (decision 0055); a module leaves this list once its routes call commands.
const notYetCommands = ['business-metrics', 'customer-account', 'm3u', 'payments', 'subscriptions']

// What a route must leave to a command: the transaction, the trail entry, "nothing changed".
const commandWork =
  /\binAuditedTransaction\b|\bdeclareUnchanged\b|\bauditedChange\b|\.transaction\(/

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
// command owns its transaction and its trail entry, the same whoever calls it.
describe('routes', () => {
  const modules = readdirSync(modulesDir).filter((module) => !notYetCommands.includes(module))

  it('leave transactions and trail entries to commands', () => {
    // The reading sees routes at all, and what it looks for where it is still done.
    expect(routeFiles('plans').length + routeFiles('audit').length).toBeGreaterThan(1)
    expect(routesDoingCommandWork(['payments'])).not.toEqual([])
    expect(routesDoingCommandWork(modules)).toEqual([])
  })

  it('reach the route-shaped audited transaction only in the modules not yet on commands', () => {
    const users = modules.flatMap((module) =>
      sourceFiles(module)
        .filter(
          ({ file, text }) => !file.startsWith('audit/') && /\binAuditedTransaction\b/.test(text),
        )
        .map(({ file }) => file),
    )
    expect(users).toEqual([])
  })
})
