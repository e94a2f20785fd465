type ToastOptions = {
  title: string
  description?: string | undefined
  /**
   * 'destructive' for errors and refusals, in the destructive colour; 'neutral' for news that is
   * neither a success nor destructive (a failed publish), shown without an icon.
   */
  variant?: 'default' | 'destructive' | 'neutral'
  /** How long it stays, in milliseconds; the Toaster's default when left out. */
  duration?: number
}

// The toast library and its Toaster are downloaded with the first toast, not with the page:
// most visits never show one. Sonner drops toasts raised before its Toaster listens, so each
// toast waits until the Toaster has mounted.
let isToasterRequested = false
const requestListeners = new Set<() => void>()
let markToasterMounted: () => void = () => {}
const toasterMounted = new Promise<void>((resolve) => {
  markToasterMounted = resolve
})

/** For the Toaster's host: whether any toast has been asked for yet. */
export function subscribeToToasterRequest(listener: () => void): () => void {
  requestListeners.add(listener)
  return () => requestListeners.delete(listener)
}

export function getIsToasterRequested(): boolean {
  return isToasterRequested
}

/** Called by the Toaster once it listens for toasts. */
export function handleToasterMounted() {
  markToasterMounted()
}

/** Shows a toast; the Toaster keeps only one visible at a time. */
export function showToast({ title, description, variant = 'default', duration }: ToastOptions) {
  if (!isToasterRequested) {
    isToasterRequested = true
    requestListeners.forEach((listener) => listener())
  }
  void Promise.all([import('sonner'), toasterMounted]).then(([{ toast }]) => {
    const options = duration === undefined ? { description } : { description, duration }
    if (variant === 'destructive') toast.error(title, options)
    else if (variant === 'neutral') toast(title, options)
    else toast.success(title, options)
  })
}
