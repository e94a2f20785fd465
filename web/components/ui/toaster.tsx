import { Toaster as Sonner } from 'sonner'
import { useTheme } from '@/components/theme/theme-provider'

/** Toasts follow the page theme; only one is visible at a time (spec §9). */
export function Toaster() {
  const { theme } = useTheme()
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
