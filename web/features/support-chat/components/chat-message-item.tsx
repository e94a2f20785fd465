import type { ChatMessage } from '@common/support'
import { cn } from '@/lib/utils'

const timeFormat = new Intl.DateTimeFormat(undefined, { timeStyle: 'short' })
const dateTimeFormat = new Intl.DateTimeFormat(undefined, {
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
})

/** Today's messages show the time; older ones the day too. */
function formatMessageTime(isoTimestamp: string): string {
  const date = new Date(isoTimestamp)
  const isToday = date.toDateString() === new Date().toDateString()
  return (isToday ? timeFormat : dateTimeFormat).format(date)
}

/** One message; the viewer's own side sits on the right in the primary colour. */
export function ChatMessageItem({ message, isOwn }: { message: ChatMessage; isOwn: boolean }) {
  return (
    <li className={cn('flex flex-col gap-1', isOwn ? 'items-end' : 'items-start')}>
      <div className="flex items-baseline gap-2 px-1 text-xs text-muted-foreground">
        <span className="font-semibold text-foreground">{message.senderName}</span>
        <time dateTime={message.createdAt}>{formatMessageTime(message.createdAt)}</time>
      </div>
      <p
        className={cn(
          'max-w-[85%] rounded-2xl px-3.5 py-2 text-sm break-words whitespace-pre-wrap',
          isOwn
            ? 'rounded-br-sm bg-primary text-primary-foreground'
            : 'rounded-bl-sm bg-muted text-foreground',
        )}
      >
        {message.message}
      </p>
    </li>
  )
}
