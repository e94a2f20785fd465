import compress from '@fastify/compress'
import type { FastifyInstance } from 'fastify'
import { constants } from 'node:zlib'
import { brotliQuality, compressionThreshold, encodings } from '../lib/encodings'

/**
 * Compresses answers of 1 KB and more on the fly. Built files go out precompressed
 * (@fastify/static) and kept public answers with their own copies (public-cache.ts): both carry
 * Content-Encoding already, which this plugin leaves alone. Registered before any route.
 */
export async function registerCompression(app: FastifyInstance) {
  await app.register(compress, {
    encodings: [...encodings],
    threshold: compressionThreshold,
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: brotliQuality } },
    // Request bodies stay plain JSON, bounded by bodyLimit as sent.
    globalDecompression: false,
  })
}
