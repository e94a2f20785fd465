import { toast } from 'sonner'

type ToastOptions = {
  title: string
  description?: string | undefined
  /** Errors and refusals; rendered in the destructive colour. */
  variant?: 'default' | 'destructive'
  durationMs?: number
}

/** Shows a toast; the Toaster keeps only one visible at a time (spec §9). */
export function showToast({ title, description, variant = 'default', durationMs }: ToastOptions) {
  const options = { description, duration: durationMs }
  if (variant === 'destructive') toast.error(title, options)
  else toast.success(title, options)
}
