import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve, sep } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const serverDir = dirname(fileURLToPath(import.meta.url))
const modulesDir = join(serverDir, 'modules')
// Relative specifiers of static imports, re-exports, side-effect and dynamic imports.
const relativeImport = /(?:\bfrom|\bimport)\s*\(?\s*['"](\.\.?\/[^'"]+)['"]/g

type Graph = Map<string, Map<string, string>>

/**
 * Which parts of `dir` import which others (a part is a top-level folder), with one of the files
 * that does; `counts` chooses the files read.
 */
function importGraph(dir: string, parts: string[], counts: (file: string) => boolean): Graph {
  const graph: Graph = new Map(parts.map((part) => [part, new Map<string, string>()]))
  for (const part of parts) {
    const files = readdirSync(join(dir, part), { recursive: true, encoding: 'utf8' })
    for (const file of files
      .map((name) => join(part, name))
      .filter((name) => /\.tsx?$/.test(name) && counts(name))) {
      const text = readFileSync(join(dir, file), 'utf8')
      for (const [, specifier] of text.matchAll(relativeImport)) {
        const target = relative(dir, resolve(dir, dirname(file), specifier!))
        const to = target.split(sep)[0]!
        if (to !== part && graph.has(to)) graph.get(part)!.set(to, graph.get(part)!.get(to) ?? file)
      }
    }
  }
  return graph
}

/** Which modules each module imports, tests included. */
const moduleGraph = () => importGraph(modulesDir, readdirSync(modulesDir), () => true)

// The server's layers, read without tests (a test may reach anything it checks).
const layers = ['lib', 'db', 'realtime', 'modules', 'plugins', 'jobs']
const layerGraph = () => importGraph(serverDir, layers, (file) => !/\.test\.tsx?$/.test(file))

/** Every loop of imports between modules, each once (from its first module by name). */
function importLoops(graph: Graph): string[][] {
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
const describeLoop = (graph: Graph, loop: string[]) =>
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

// docs/architecture.md §3: lib imports nothing of ours, db only lib, realtime no module or plugin,
// modules no plugin; plugins read the routes' declarations and call the modules.
describe('server folders', () => {
  it('never import each other round a loop', () => {
    const graph = layerGraph()
    expect(graph.get('plugins')?.has('modules')).toBe(true)
    expect(importLoops(graph).map((loop) => describeLoop(graph, loop))).toEqual([])
  })

  it('keep their layers: no module imports a plugin, lib imports no other folder', () => {
    const graph = layerGraph()
    expect([...graph.get('modules')!.entries()].filter(([to]) => to === 'plugins')).toEqual([])
    expect([...graph.get('lib')!.entries()]).toEqual([])
    expect(
      [...graph.get('realtime')!.keys()].filter((to) => to === 'modules' || to === 'plugins'),
    ).toEqual([])
  })

  it('would name a loop between them', () => {
    const graph: Graph = new Map([
      ['lib', new Map([['db', 'lib/a.ts']])],
      ['db', new Map([['lib', 'db/b.ts']])],
    ])
    expect(importLoops(graph).map((loop) => describeLoop(graph, loop))).toEqual([
      'db → lib (db/b.ts), lib → db (lib/a.ts)',
    ])
  })
})
