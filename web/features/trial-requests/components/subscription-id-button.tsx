import { Copy } from 'lucide-react'
import { copyToClipboard } from '@/lib/copy-to-clipboard'

/** The subscription ID; a click puts it on the clipboard. */
export function SubscriptionIdButton({ subscriptionId }: { subscriptionId: string }) {
  return (
    <button
      type="button"
      onClick={() => void copyToClipboard(subscriptionId, subscriptionId)}
      aria-label={`Copy subscription ID ${subscriptionId}`}
      title="Copy to clipboard"
      className="group inline-flex cursor-pointer items-center gap-1 rounded-md px-1 py-1 font-mono text-xs outline-none hover:bg-accent hover:text-accent-foreground focus-visible:ring-[3px] focus-visible:ring-ring/60"
    >
      {subscriptionId}
      <Copy
        className="size-3.5 opacity-50 group-hover:opacity-100 group-focus-visible:opacity-100"
        aria-hidden
      />
    </button>
  )
}
