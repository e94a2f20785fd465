import { toast } from 'sonner'

type ToastOptions = {
  title: string
  description?: string | undefined
  /** Errors and refusals; rendered in the destructive colour. */
  variant?: 'default' | 'destructive'
}

/** Shows a toast; the Toaster keeps only one visible at a time (spec §9). */
export function showToast({ title, description, variant = 'default' }: ToastOptions) {
  if (variant === 'destructive') toast.error(title, { description })
  else toast.success(title, { description })
}
