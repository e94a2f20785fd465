import { Link } from 'wouter'
import type { Notification } from '@common/notifications'
import { PopoverClose } from '@/components/ui/popover'
import { formatRelativeTime } from '@/lib/relative-time'
import { cn } from '@/lib/utils'

type NotificationItemProps = {
  notification: Notification
  now: number
  /** Where it leads (an admin's: its trial request or ticket); without one it only marks read. */
  href: string | null
  onMarkRead: (id: string) => void
}

const itemClass =
  'flex w-full cursor-pointer gap-3 px-4 py-3 text-left transition-colors outline-none hover:bg-accent focus-visible:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/60 focus-visible:ring-inset'

/** One notification: the whole title wraps (never cut), and opening it marks it read. */
export function NotificationItem({ notification, now, href, onMarkRead }: NotificationItemProps) {
  const { id, title, body, read: isRead, createdAt } = notification
  const markRead = () => !isRead && onMarkRead(id)
  const label = `${isRead ? '' : 'Unread: '}${title}`
  const content = (
    <>
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
    </>
  )
  return (
    <li>
      {href ? (
        <PopoverClose asChild>
          <Link
            href={href}
            onClick={markRead}
            aria-label={label}
            aria-describedby={`notification-${id}-body`}
            className={cn(itemClass, !isRead && 'bg-accent/40')}
          >
            {content}
          </Link>
        </PopoverClose>
      ) : (
        <button
          type="button"
          onClick={markRead}
          aria-label={label}
          aria-describedby={`notification-${id}-body`}
          className={cn(itemClass, !isRead && 'bg-accent/40')}
        >
          {content}
        </button>
      )}
    </li>
  )
}
