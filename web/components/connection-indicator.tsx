import { useLiveSocketRefusal, useLiveSocketStatus } from '@/lib/live-socket-context'
import { cn } from '@/lib/utils'

/**
 * 'Connected' or 'Connecting...' for the live socket of the page; 'Offline' once every reconnect
 * attempt failed (a reload tries again); 'Stopped' with the server's reason once it refused the
 * socket for good (too many from this address).
 */
export function ConnectionIndicator({ className }: { className?: string }) {
  const status = useLiveSocketStatus()
  const refusal = useLiveSocketRefusal()
  const isConnected = status === 'connected'
  const isRefused = status === 'refused'
  const isOffline = status === 'offline'
  return (
    <span
      role="status"
      title={
        isRefused
          ? (refusal ?? undefined)
          : isOffline
            ? 'Live updates stopped after several failed attempts. Reload the page to try again.'
            : undefined
      }
      className={cn(
        'inline-flex items-center gap-2 rounded-full border px-2.5 py-0.5 text-xs font-medium',
        isConnected ? 'text-success' : isRefused ? 'text-destructive' : 'text-muted-foreground',
        className,
      )}
    >
      <span
        aria-hidden
        className={cn(
          'size-2 shrink-0 rounded-full',
          isConnected
            ? 'bg-success'
            : isRefused
              ? 'bg-destructive'
              : isOffline
                ? 'bg-muted-foreground'
                : 'bg-amber-500 motion-safe:animate-pulse',
        )}
      />
      {isConnected ? 'Connected' : isRefused ? 'Stopped' : isOffline ? 'Offline' : 'Connecting...'}
      {isRefused && <span className="sr-only">: {refusal}</span>}
    </span>
  )
}
