import { Share2 } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { copyToClipboard } from '@/lib/copy-to-clipboard'

async function share(title: string, url: string) {
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share({ title, url })
    } catch {
      // The visitor closed the share sheet: nothing to report.
    }
    return
  }
  await copyToClipboard(url, 'The link to this post is on your clipboard.')
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
