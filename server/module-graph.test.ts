import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve, sep } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const modulesDir = join(dirname(fileURLToPath(import.meta.url)), 'modules')
// Relative specifiers of static imports, re-exports, side-effect and dynamic imports.
const relativeImport = /(?:\bfrom|\bimport)\s*\(?\s*['"](\.\.?\/[^'"]+)['"]/g

/** Which modules each module imports, with one of the files that does, tests included. */
function moduleGraph(): Map<string, Map<string, string>> {
  const graph = new Map<string, Map<string, string>>()
  const files = readdirSync(modulesDir, { recursive: true, encoding: 'utf8' })
  for (const file of files.filter((name) => /\.tsx?$/.test(name))) {
    const from = file.split(sep)[0]!
    const imported = graph.get(from) ?? new Map<string, string>()
    graph.set(from, imported)
    const text = readFileSync(join(modulesDir, file), 'utf8')
    for (const [, specifier] of text.matchAll(relativeImport)) {
      const target = relative(modulesDir, resolve(modulesDir, dirname(file), specifier!))
      const to = target.split(sep)[0]!
      if (to !== from && !target.startsWith('..')) imported.set(to, imported.get(to) ?? file)
    }
  }
  return graph
}

/** Every loop of imports between modules, each once (from its first module by name). */
function importLoops(graph: Map<string, Map<string, string>>): string[][] {
  const loops: string[][] = []
  const walk = (path: string[]) => {
    for (const next of graph.get(path.at(-1)!)?.keys() ?? []) {
      if (next === path[0]) loops.push([...path, next])
      else if (next > path[0]! && !path.includes(next)) walk([...path, next])
    }
  }
  for (const module of graph.keys()) walk([module])
  return loops
}

/** "a → b (the file that imports b), b → a (…)" */
const describeLoop = (graph: Map<string, Map<string, string>>, loop: string[]) =>
  loop
    .slice(1)
    .map((to, index) => `${loop[index]} → ${to} (${graph.get(loop[index]!)!.get(to)})`)
    .join(', ')

// A module that imports another, which imports it back (even through others), can be neither
// understood nor moved alone; docs/decisions/0027-subscriptions-module.md says which way each goes.
describe('server modules', () => {
  it('never import each other, directly or round a loop', () => {
    const graph = moduleGraph()
    // The reading sees imports at all: one edge the layout is built on.
    expect(graph.get('subscriptions')?.has('m3u')).toBe(true)
    expect(importLoops(graph).map((loop) => describeLoop(graph, loop))).toEqual([])
  })
})
