import type { Notification } from '@common/notifications'
import { formatRelativeTime } from '@/lib/relative-time'
import { cn } from '@/lib/utils'

type NotificationItemProps = {
  notification: Notification
  now: number
  onMarkRead: (id: string) => void
}

/** One notification; clicking an unread one marks it read. */
export function NotificationItem({ notification, now, onMarkRead }: NotificationItemProps) {
  const { id, title, body, read: isRead, createdAt } = notification
  return (
    <li>
      <button
        type="button"
        onClick={() => !isRead && onMarkRead(id)}
        aria-label={`${isRead ? '' : 'Unread: '}${title}`}
        aria-describedby={`notification-${id}-body`}
        className={cn(
          'flex w-full cursor-pointer gap-3 px-4 py-3 text-left transition-colors outline-none hover:bg-accent focus-visible:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/60 focus-visible:ring-inset',
          !isRead && 'bg-accent/40',
        )}
      >
        <span
          aria-hidden
          className={cn(
            'mt-1.5 size-2 shrink-0 rounded-full',
            isRead ? 'bg-transparent' : 'bg-primary',
          )}
        />
        <span className="grid min-w-0 flex-1 gap-0.5">
          <span className={cn('text-sm break-words', !isRead && 'font-semibold')}>{title}</span>
          <span
            id={`notification-${id}-body`}
            className="line-clamp-2 text-sm break-words text-muted-foreground"
          >
            {body}
          </span>
          <time dateTime={createdAt} className="text-xs text-muted-foreground">
            {formatRelativeTime(createdAt, now)}
          </time>
        </span>
      </button>
    </li>
  )
}
