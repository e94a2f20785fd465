// Builds what the server runs: the web app's server renderer (web/entry-server.tsx, with its npm
// packages inside, so production needs no React installed) and the server's TypeScript in one
// ES module (npm packages stay external), with beside it the entry of the thread that reads a
// payment history upload (server/modules/imports/payment-history-reader.ts finds it there) and
// the operator's commands.
import { build } from 'esbuild'
import { build as viteBuild } from 'vite'

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

await build({
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
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
})
