// The web app's server renderer: built with `vite build --ssr` into dist/ssr (scripts/
// build-server.mjs), imported from source by tests. Never part of the browser bundle.
import { dehydrate, defaultShouldDehydrateQuery } from '@tanstack/react-query'
import { AsyncLocalStorage } from 'node:async_hooks'
import { prerender } from 'react-dom/static'
import { jsonDataTag } from '@common/site-config'
import {
  classMergesElementId,
  queryStateElementId,
  type PageRenderRequest,
  type RenderPage,
} from '@common/page-rendering'
import { App } from '@/app/app'
import { prefetchPageData } from '@/app/page-data'
import { createQueryClient } from '@/app/query-client'
import { setApiFetch } from '@/lib/api-client'
import { classMergesMade } from '@/lib/utils'

// Several pages may render at once, for different servers in one test process: each call's
// API requests go to the server that asked for the page.
const currentFetch = new AsyncLocalStorage<PageRenderRequest['fetchApi']>()
setApiFetch((url) => {
  const fetchApi = currentFetch.getStore()
  if (!fetchApi) throw new Error(`API call outside a page render: ${url}`)
  return fetchApi(url)
})

async function readAll(stream: ReadableStream<Uint8Array>): Promise<string> {
  let html = ''
  const decoder = new TextDecoder()
  for await (const chunk of stream) html += decoder.decode(chunk, { stream: true })
  return html + decoder.decode()
}

/**
 * Renders a public page to completion (its data fetched first, lazy parts loaded): the result
 * is kept in memory and sent whole, so there is nothing to stream.
 */
export const renderPage: RenderPage = async ({ path, siteConfig, fetchApi }) => {
  const queryClient = createQueryClient()
  await currentFetch.run(fetchApi, () => prefetchPageData(queryClient, path))
  const { prelude } = await prerender(
    <App queryClient={queryClient} siteConfig={siteConfig} ssrPath={path} />,
    // Every boundary in place, never sent apart with an inline script to move it in: the
    // Content-Security-Policy allows no inline scripts, and the page is sent whole anyway.
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  )
  const html = await readAll(prelude)
  // Errors too: the page rendered its error state, and the browser must start from it.
  const state = dehydrate(queryClient, {
    shouldDehydrateQuery: (query) =>
      defaultShouldDehydrateQuery(query) || query.state.status === 'error',
  })
  queryClient.clear()
  return {
    html,
    stateTags:
      jsonDataTag(queryStateElementId, state) +
      jsonDataTag(classMergesElementId, classMergesMade()),
  }
}
