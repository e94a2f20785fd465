import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import type { RenderPage } from '../../../common/page-rendering'
import { appRoot } from '../../lib/app-root'

// Running from dist/ (npm start) the server uses the built renderer; from the sources (tests,
// tsx) it imports the web app's own TSX, so tests render pages without a build.
const isBuilt = import.meta.url.endsWith('.js')

/**
 * The web app's server renderer. Loaded by path rather than imported: the server never
 * depends on web code at build time, only on the contract in common/page-rendering.ts.
 */
export async function loadPageRenderer(): Promise<RenderPage> {
  const path = isBuilt
    ? join(appRoot, 'dist/ssr/entry-server.js')
    : join(appRoot, 'web/entry-server.tsx')
  const module = (await import(pathToFileURL(path).href)) as { renderPage: RenderPage }
  return module.renderPage
}
