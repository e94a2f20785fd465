import negotiate from '@fastify/accept-negotiator'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'

/** What the server compresses to, preferred first: the build ships .br and .gz copies of each. */
export const encodings = ['br', 'gzip'] as const
export type Encoding = (typeof encodings)[number]

/** Smaller bodies go out as they are: compression would save less than it costs. */
export const compressionThreshold = 1024

// Brotli's quality 4 compresses about as well as gzip's best at a fraction of the time; answers
// compressed once and kept (public-cache.ts) can afford more.
export const onTheFlyBrotliQuality = 4
const keptBrotliQuality = 9

/** The encoding to answer with, from the request's Accept-Encoding (`*` counts as gzip). */
export function preferredEncoding(acceptEncoding: string | undefined): Encoding | null {
  if (!acceptEncoding) return null
  return negotiate(acceptEncoding.toLowerCase().replaceAll('*', 'gzip'), [...encodings])
}

const brotli = promisify(brotliCompress)
const gzipAsync = promisify(gzip)

/** Every encoding of a body worth compressing, off the event loop; none for a small one. */
export async function compressedCopies(body: Buffer): Promise<Partial<Record<Encoding, Buffer>>> {
  if (body.length < compressionThreshold) return {}
  const [br, gz] = await Promise.all([
    brotli(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: keptBrotliQuality,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
    gzipAsync(body, { level: constants.Z_BEST_COMPRESSION }),
  ])
  return { br, gzip: gz }
}
