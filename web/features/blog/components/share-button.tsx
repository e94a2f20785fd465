import { Share2 } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { showToast } from '@/lib/toast'

async function share(title: string, url: string) {
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share({ title, url })
    } catch {
      // The visitor closed the share sheet: nothing to report.
    }
    return
  }
  try {
    await navigator.clipboard.writeText(url)
    showToast({ title: 'Copied!', description: 'The link to this post is on your clipboard.' })
  } catch {
    showToast({ title: 'Failed to copy to clipboard', variant: 'destructive' })
  }
}

/** Shares the current page with the system share sheet, or copies its link. */
export function ShareButton({ title }: { title: string }) {
  return (
    <Button variant="outline" onClick={() => void share(title, window.location.href)}>
      <Share2 aria-hidden />
      Share
    </Button>
  )
}
