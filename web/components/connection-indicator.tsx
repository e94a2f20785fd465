import { useLiveSocketStatus } from '@/lib/live-socket-context'
import { cn } from '@/lib/utils'

/** 'Connected' or 'Connecting...' for the live socket of the page. */
export function ConnectionIndicator({ className }: { className?: string }) {
  const isConnected = useLiveSocketStatus() === 'connected'
  return (
    <span
      role="status"
      className={cn(
        'inline-flex items-center gap-2 rounded-full border px-2.5 py-0.5 text-xs font-medium',
        isConnected ? 'text-success' : 'text-muted-foreground',
        className,
      )}
    >
      <span
        aria-hidden
        className={cn(
          'size-2 rounded-full',
          isConnected ? 'bg-success' : 'bg-amber-500 motion-safe:animate-pulse',
        )}
      />
      {isConnected ? 'Connected' : 'Connecting...'}
    </span>
  )
}
