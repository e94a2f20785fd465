import { QueryClientProvider, type QueryClient } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import type { SiteConfig } from '@common/site-config'
import { ThemeProvider } from '@/components/theme/theme-provider'
import { LazyToaster } from '@/components/ui/lazy-toaster'
import { SiteConfigContext } from '@/lib/site-config'
import { AppErrorBoundary } from './error-boundary'
import { TrialSignupProvider } from './trial-signup-provider'

type AppProviderProps = {
  /** One per page load in the browser, one per rendered page on the server. */
  queryClient: QueryClient
  siteConfig: SiteConfig
  children: ReactNode
}

export function AppProvider({ queryClient, siteConfig, children }: AppProviderProps) {
  return (
    <SiteConfigContext value={siteConfig}>
      <ThemeProvider>
        <AppErrorBoundary>
          <QueryClientProvider client={queryClient}>
            <TrialSignupProvider>{children}</TrialSignupProvider>
          </QueryClientProvider>
        </AppErrorBoundary>
        <LazyToaster />
      </ThemeProvider>
    </SiteConfigContext>
  )
}
