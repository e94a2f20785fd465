import { readFileSync, writeFileSync } from 'node:fs'
import { decode, encode } from '@jridgewell/sourcemap-codec'

/**
 * Rewrites a bundle's source map to map our own code only. Node decodes a whole map the first
 * time it writes a stack trace (`--enable-source-maps`) and keeps it decoded, and the npm packages
 * bundled with us are nine tenths of the server's mappings. Where a package's code starts, a
 * mapping with no source stands in for its own: a frame there shows its place in the bundle, not
 * the nearest line of ours. The packages' texts are dropped from `sourcesContent` too.
 */
export function keepOurMappings(file) {
  const map = JSON.parse(readFileSync(file, 'utf8'))
  const isPackage = map.sources.map((source) => source.includes('node_modules/'))
  const ofPackage = (segment) => segment.length > 1 && isPackage[segment[1]]
  map.mappings = encode(
    decode(map.mappings).map((segments) =>
      segments.flatMap((segment, index) => {
        if (!ofPackage(segment)) return [segment]
        // One unmapped segment for a run of a package's segments.
        return index > 0 && ofPackage(segments[index - 1]) ? [] : [[segment[0]]]
      }),
    ),
  )
  map.sourcesContent = map.sourcesContent?.map((text, index) => (isPackage[index] ? null : text))
  writeFileSync(file, JSON.stringify(map))
}
