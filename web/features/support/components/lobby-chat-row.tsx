import type { LobbyTicket } from '@common/support'
import { PriorityBadge } from '@/components/ticket-badges'
import { formatRelativeTime } from '@/lib/relative-time'
import { cn } from '@/lib/utils'

type LobbyChatRowProps = {
  chat: LobbyTicket
  isSelected: boolean
  now: number
  onSelect: (ticketId: string) => void
}

/** One active chat: who, about what, how urgent, how much is unread and the last word. */
export function LobbyChatRow({ chat, isSelected, now, onSelect }: LobbyChatRowProps) {
  const { lastMessage, unreadCount } = chat
  const activityAt = lastMessage?.createdAt ?? chat.createdAt
  return (
    <li>
      <button
        type="button"
        onClick={() => onSelect(chat.id)}
        aria-current={isSelected ? 'true' : undefined}
        className={cn(
          'grid w-full min-w-0 cursor-pointer grid-cols-1 gap-1 px-4 py-3 text-left transition-colors outline-none hover:bg-accent/60 focus-visible:ring-[3px] focus-visible:ring-ring/60 focus-visible:ring-inset',
          isSelected && 'bg-accent hover:bg-accent',
        )}
      >
        <span className="flex items-center gap-2">
          <span className="min-w-0 flex-1 truncate font-semibold">{chat.customerName}</span>
          <time dateTime={activityAt} className="shrink-0 text-xs text-muted-foreground">
            {formatRelativeTime(activityAt, now)}
          </time>
        </span>
        <span className="flex items-center gap-2">
          <span className="min-w-0 flex-1 truncate text-sm">{chat.subject}</span>
          <PriorityBadge priority={chat.priority} className="shrink-0" />
          {unreadCount > 0 && (
            <span
              className="flex h-5 min-w-5 items-center justify-center rounded-full bg-primary px-1.5 text-xs font-semibold text-primary-foreground"
              data-testid="lobby-unread"
            >
              {unreadCount}
              <span className="sr-only"> unread</span>
            </span>
          )}
        </span>
        <span className="flex items-center gap-2 text-sm text-muted-foreground">
          <span className="min-w-0 flex-1 truncate">
            {lastMessage ? `${lastMessage.senderName}: ${lastMessage.message}` : 'No messages yet'}
          </span>
          {chat.assignedTo && (
            <span className="max-w-24 shrink-0 truncate text-xs">
              <span className="sr-only">Assigned to </span>@{chat.assignedTo}
            </span>
          )}
        </span>
      </button>
    </li>
  )
}
