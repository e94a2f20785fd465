import { useEffect } from 'react'
import { Toaster as Sonner } from 'sonner'
import { useTheme } from '@/components/theme/theme-provider'
import { handleToasterMounted } from '@/lib/toast'

/** Toasts follow the page theme; only one is visible at a time. */
export function Toaster() {
  const { theme } = useTheme()
  // Runs after Sonner's own effect has subscribed, so no toast is lost.
  useEffect(handleToasterMounted, [])
  return (
    <Sonner
      theme={theme}
      visibleToasts={1}
      richColors
      closeButton
      position="bottom-right"
      toastOptions={{ className: 'font-sans' }}
    />
  )
}
