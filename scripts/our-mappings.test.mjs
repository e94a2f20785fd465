import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { SourceMap } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { encode } from '@jridgewell/sourcemap-codec'
import { describe, expect, it } from 'vitest'
import { keepOurMappings } from './our-mappings.mjs'

// A bundle of three lines: ours, then a package's, then ours again after the package on one line.
const ours = 0
const pkg = 1
const bundleMap = {
  version: 3,
  sources: ['../../server/main.ts', '../../node_modules/fastify/fastify.js'],
  sourcesContent: ['our text', 'the package text'],
  names: [],
  mappings: encode([
    [
      [0, ours, 10, 0],
      [8, ours, 10, 8],
    ],
    [
      [0, pkg, 1, 0],
      [4, pkg, 1, 4],
      [9, pkg, 2, 0],
    ],
    [
      [0, pkg, 3, 0],
      [6, ours, 20, 2],
    ],
  ]),
}

function rewritten() {
  const file = join(mkdtempSync(join(tmpdir(), 'map-')), 'main.js.map')
  writeFileSync(file, JSON.stringify(bundleMap))
  keepOurMappings(file)
  return JSON.parse(readFileSync(file, 'utf8'))
}

describe("the server bundle's source map", () => {
  it('maps our code as before and a package to no source, never to a line of ours', () => {
    const map = new SourceMap(rewritten())
    expect(map.findEntry(0, 8)).toMatchObject({
      originalSource: expect.stringContaining('server/main.ts'),
      originalLine: 10,
    })
    expect(map.findEntry(2, 7)).toMatchObject({ originalLine: 20, originalColumn: 2 })
    for (const [line, column] of [
      [1, 0],
      [1, 12],
      [2, 3],
    ]) {
      expect(map.findEntry(line, column).originalSource).toBeUndefined()
    }
  })

  it("drops the packages' texts", () => {
    expect(rewritten().sourcesContent).toEqual(['our text', null])
  })
})
