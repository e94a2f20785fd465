import negotiate from '@fastify/accept-negotiator'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'

/** What the server compresses to, preferred first: the build ships .br and .gz copies of each. */
export const encodings = ['br', 'gzip'] as const
export type Encoding = (typeof encodings)[number]

/** Smaller bodies go out as they are: compression would save less than it costs. */
export const compressionThreshold = 1024

// Measured on the landing's 180 KB of HTML: quality 6 takes 2 ms and comes within 2 % of
// quality 9, which takes 100 ms; quality 11 takes 130 ms and saves another 10 %. So answers go
// out at 6 at once, and a copy that is kept is made again at 11 after it is out (public-cache.ts).
export const brotliQuality = 6
const keptBrotliQuality = 11

/** The encoding to answer with, from the request's Accept-Encoding (`*` counts as gzip). */
export function preferredEncoding(acceptEncoding: string | undefined): Encoding | null {
  if (!acceptEncoding) return null
  return negotiate(acceptEncoding.toLowerCase().replaceAll('*', 'gzip'), [...encodings])
}

const brotli = promisify(brotliCompress)
const brotliAt = (quality: number, body: Buffer) =>
  brotli(body, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: quality,
      [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  })
const gzipAsync = promisify(gzip)

/** Every encoding of a body worth compressing, off the event loop; none for a small one. */
export async function compressedCopies(body: Buffer): Promise<Partial<Record<Encoding, Buffer>>> {
  if (body.length < compressionThreshold) return {}
  const [br, gz] = await Promise.all([
    brotliAt(brotliQuality, body),
    gzipAsync(body, { level: constants.Z_BEST_COMPRESSION }),
  ])
  return { br, gzip: gz }
}

/** The smallest brotli copy of a body, for one that is kept and sent many times. */
export const smallestBrotli = (body: Buffer) => brotliAt(keptBrotliQuality, body)
