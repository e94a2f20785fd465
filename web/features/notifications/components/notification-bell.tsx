import { Bell, CheckCheck, Volume2, VolumeX } from 'lucide-react'
import { useId } from 'react'
import { unreadBadge } from '@common/notifications'
import { Button } from '@/components/ui/button'
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover'
import { Spinner } from '@/components/ui/spinner'
import { useNow } from '@/lib/use-now'
import { useNotifications } from '../notification-context'
import { NotificationGroups } from './notification-groups'
import { NotificationItem } from './notification-item'

function bellLabel(unread: number, isConnected: boolean): string {
  const count = unread > 0 ? `, ${unreadBadge(unread)} unread` : ''
  return `Notifications${count}${isConnected ? '' : ' (disconnected)'}`
}

/** The bell: unread badge (99+ at most), a red dot while disconnected, and the latest list. */
export function NotificationBell() {
  const center = useNotifications()
  const now = useNow()
  const headingId = useId()
  const { unread, isConnected, isSoundOn } = center

  return (
    <Popover>
      <PopoverTrigger asChild>
        <Button
          variant="ghost"
          size="icon"
          className="relative"
          aria-label={bellLabel(unread, isConnected)}
        >
          <Bell aria-hidden />
          {unread > 0 && (
            <span
              aria-hidden
              data-testid="notification-badge"
              className="absolute -top-0.5 -right-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-destructive px-1 text-[0.6875rem] leading-none font-semibold text-destructive-foreground"
            >
              {unreadBadge(unread)}
            </span>
          )}
          {!isConnected && (
            <span
              aria-hidden
              className="absolute right-1.5 bottom-1.5 size-2.5 rounded-full bg-red-500 ring-2 ring-background"
            />
          )}
        </Button>
      </PopoverTrigger>
      <PopoverContent
        align="end"
        aria-labelledby={headingId}
        className="w-[min(24rem,calc(100vw-1rem))] p-0"
      >
        <div className="flex items-center gap-2 border-b px-4 py-3">
          <h2 id={headingId} className="flex-1 font-semibold">
            Notifications
          </h2>
          <Button
            variant="ghost"
            size="icon"
            className="size-8"
            onClick={center.toggleSound}
            aria-pressed={isSoundOn}
            aria-label="Notification sound"
            title={isSoundOn ? 'Sound on' : 'Sound off'}
          >
            {isSoundOn ? <Volume2 aria-hidden /> : <VolumeX aria-hidden />}
          </Button>
          <Button
            variant="ghost"
            size="sm"
            onClick={() => center.markAllRead()}
            disabled={unread === 0 || center.isMarkingAllRead}
          >
            <CheckCheck aria-hidden />
            Mark all read
          </Button>
        </div>
        {!isConnected && (
          <p className="border-b bg-muted/50 px-4 py-2 text-xs text-muted-foreground">
            Live updates are reconnecting…
          </p>
        )}
        {center.isLoading ? (
          <div className="flex justify-center py-8">
            <Spinner className="size-5 text-primary" label="Loading notifications" />
          </div>
        ) : center.notifications.length === 0 ? (
          <p className="px-4 py-8 text-center text-sm text-muted-foreground">
            No notifications yet
          </p>
        ) : center.isAdmin ? (
          <NotificationGroups now={now} />
        ) : (
          <ul aria-label="Latest notifications" className="max-h-96 divide-y overflow-y-auto">
            {center.notifications.map((notification) => (
              <NotificationItem
                key={notification.id}
                notification={notification}
                now={now}
                href={null}
                onMarkRead={center.markRead}
              />
            ))}
          </ul>
        )}
      </PopoverContent>
    </Popover>
  )
}
