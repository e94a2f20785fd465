import { hydrate, type DehydratedState } from '@tanstack/react-query'
import { startTransition } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { classMergesElementId, queryStateElementId } from '@common/page-rendering'
import { App } from './app/app'
import { createQueryClient } from './app/query-client'
import { readJsonDataBlock } from './lib/json-data-block'
import { readSiteConfig } from './lib/site-config'
import { setServerClassMerges } from './lib/utils'
import './styles.css'

const root = document.getElementById('root')!
const queryClient = createQueryClient()
const app = <App queryClient={queryClient} siteConfig={readSiteConfig()} />
// The data a server-rendered page was rendered with; absent on the Business Center's shell
// and under `npm run dev`, where the browser renders from scratch.
const state = readJsonDataBlock(queryStateElementId) as DehydratedState | null

if (state) {
  hydrate(queryClient, state)
  setServerClassMerges(readJsonDataBlock(classMergesElementId) as Record<string, string> | null)
  startTransition(() => {
    hydrateRoot(root, app, {
      // React reports a hydration mismatch here, not as a thrown error: make it visible.
      onRecoverableError: (error, info) =>
        console.error('Recoverable error during hydration', error, info.componentStack),
    })
  })
} else {
  createRoot(root).render(app)
}
