// Builds what the server runs: the web app's server renderer (web/entry-server.tsx, with its npm
// packages inside, so production needs no React installed) and the server's TypeScript with its
// npm packages in one ES module, with beside it the entry of the thread that reads a payment
// history upload (server/modules/imports/payment-history-reader.ts finds it there) and the
// operator's commands.
import { build } from 'esbuild'
import { build as viteBuild } from 'vite'
import { keepOurMappings } from './our-mappings.mjs'

/**
 * npm packages are bundled with our code: a start then reads one file rather than a thousand
 * modules, and keeps of a package only what we use (half a second of CPU at every start,
 * docs/decisions/0068-server-build-with-its-packages.md). These stay outside, as they find files
 * beside their own: PGlite its WebAssembly and data, pino its transports' worker threads,
 * @fastify/swagger its package.json; prettier is loaded only by React Email's `pretty` option.
 */
const unbundled = ['@electric-sql/pglite', 'pino', 'thread-stream', '@fastify/swagger', 'prettier']

await viteBuild({
  // The public files are served from dist/web; the renderer needs none of them.
  publicDir: false,
  logLevel: 'warn',
  // Production React: the renderer's bundle does not depend on NODE_ENV at run time.
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  ssr: { noExternal: true },
  build: {
    ssr: 'web/entry-server.tsx',
    outDir: 'dist/ssr',
    emptyOutDir: true,
    sourcemap: true,
  },
})

const server = await build({
  entryPoints: {
    main: 'server/main.ts',
    'payment-history-worker': 'server/modules/imports/payment-history-worker.ts',
    // The operator's commands (npm run restore, npm run move-to-postgres), run from the build too.
    restore: 'server/cli/restore.ts',
    'move-to-postgres': 'server/cli/move-to-postgres.ts',
  },
  outdir: 'dist/server',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  external: unbundled,
  // Bundled CommonJS packages `require` Node's own modules, which an ES module has no `require` for.
  banner: {
    js: "import { createRequire as createRequireForPackages } from 'node:module'; const require = createRequireForPackages(import.meta.url);",
  },
  sourcemap: true,
  metafile: true,
  logLevel: 'warning',
})
for (const output of Object.keys(server.metafile.outputs)) {
  if (output.endsWith('.map')) keepOurMappings(output)
}
