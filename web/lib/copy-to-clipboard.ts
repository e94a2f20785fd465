import { showToast } from './toast'

/** Copies text and says so: 'Copied!', or 'Failed to copy to clipboard'. */
export async function copyToClipboard(text: string, description?: string): Promise<void> {
  try {
    // Undefined outside secure contexts (plain http): that lands in the catch too.
    await navigator.clipboard.writeText(text)
    showToast({ title: 'Copied!', description })
  } catch {
    showToast({ title: 'Failed to copy to clipboard', variant: 'destructive' })
  }
}
