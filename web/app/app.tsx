import type { QueryClient } from '@tanstack/react-query'
import { StrictMode, useEffect } from 'react'
import { Router } from 'wouter'
import type { SiteConfig } from '@common/site-config'
import { setServerClassMerges } from '@/lib/utils'
import { AppProvider } from './provider'
import { AppRouter } from './router'

type AppProps = {
  queryClient: QueryClient
  siteConfig: SiteConfig
  /** The page's path when rendering on the server; the browser reads its own location. */
  ssrPath?: string
}

/** The whole app, the same tree on the server and in the browser so hydration matches. */
export function App({ queryClient, siteConfig, ssrPath }: AppProps) {
  // The root's effect runs after every other of the first render's: the page has hydrated.
  useEffect(() => setServerClassMerges(null), [])
  return (
    <StrictMode>
      <AppProvider queryClient={queryClient} siteConfig={siteConfig}>
        <Router ssrPath={ssrPath}>
          <AppRouter />
        </Router>
      </AppProvider>
    </StrictMode>
  )
}
