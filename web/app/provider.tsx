import { QueryClientProvider } from '@tanstack/react-query'
import { useState, type ReactNode } from 'react'
import { ThemeProvider } from '@/components/theme/theme-provider'
import { LazyToaster } from '@/components/ui/lazy-toaster'
import { AppErrorBoundary } from './error-boundary'
import { createQueryClient } from './query-client'
import { TrialSignupProvider } from './trial-signup-provider'

export function AppProvider({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient)
  return (
    <ThemeProvider>
      <AppErrorBoundary>
        <QueryClientProvider client={queryClient}>
          <TrialSignupProvider>{children}</TrialSignupProvider>
        </QueryClientProvider>
      </AppErrorBoundary>
      <LazyToaster />
    </ThemeProvider>
  )
}
