// Writes .br and .gz beside each text file of the web build, so the server sends them as they are
// (@fastify/static's preCompressed) instead of compressing on every request.
import { readdir, readFile, writeFile } from 'node:fs/promises'
import { extname, join } from 'node:path'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'

const root = process.argv[2] ?? 'dist/web'
const textExtensions = new Set(['.js', '.mjs', '.css', '.html', '.svg', '.json', '.txt', '.xml'])

const compressors = {
  br: (content) =>
    promisify(brotliCompress)(content, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
      },
    }),
  gz: (content) => promisify(gzip)(content, { level: constants.Z_BEST_COMPRESSION }),
}

async function precompress(path) {
  const content = await readFile(path)
  await Promise.all(
    Object.entries(compressors).map(async ([suffix, compress]) => {
      const compressed = await compress(content)
      if (compressed.length < content.length) await writeFile(`${path}.${suffix}`, compressed)
    }),
  )
}

const entries = await readdir(root, { recursive: true, withFileTypes: true })
const files = entries
  .filter((entry) => entry.isFile() && textExtensions.has(extname(entry.name)))
  .map((entry) => join(entry.parentPath, entry.name))
await Promise.all(files.map(precompress))
