import type { ReactNode } from 'react'
import type { ChatMessage } from '@common/support'
import { dateFormat } from '@/lib/date-format'
import { cn } from '@/lib/utils'

const timeFormat = dateFormat(undefined, { timeStyle: 'short' })
const dateTimeFormat = dateFormat(undefined, {
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
})

/** Today's messages show the time; older ones the day too. */
export function formatMessageTime(isoTimestamp: string): string {
  const date = new Date(isoTimestamp)
  const isToday = date.toDateString() === new Date().toDateString()
  return (isToday ? timeFormat : dateTimeFormat)(date)
}

type ChatBubbleProps = {
  senderName: string
  text: string
  /** The viewer's own side sits on the right in the primary colour. */
  isOwn: boolean
  /** Beside the sender's name: when it was sent, or where its sending stands. */
  status: ReactNode
  /** A message the server has not stored yet is drawn fainter. */
  isUnsent?: boolean
  children?: ReactNode
}

/** One message of the conversation, stored or still on its way. */
export function ChatBubble({
  senderName,
  text,
  isOwn,
  status,
  isUnsent,
  children,
}: ChatBubbleProps) {
  return (
    <li className={cn('flex flex-col gap-1', isOwn ? 'items-end' : 'items-start')}>
      <div className="flex items-baseline gap-2 px-1 text-xs text-muted-foreground">
        <span className="font-semibold text-foreground">{senderName}</span>
        {status}
      </div>
      <p
        className={cn(
          'max-w-[85%] rounded-2xl px-3.5 py-2 text-sm break-words whitespace-pre-wrap',
          isOwn
            ? 'rounded-br-sm bg-primary text-primary-foreground'
            : 'rounded-bl-sm bg-muted text-foreground',
          isUnsent && 'opacity-70',
        )}
      >
        {text}
      </p>
      {children}
    </li>
  )
}

export function ChatMessageItem({ message, isOwn }: { message: ChatMessage; isOwn: boolean }) {
  return (
    <ChatBubble
      senderName={message.senderName}
      text={message.message}
      isOwn={isOwn}
      status={<time dateTime={message.createdAt}>{formatMessageTime(message.createdAt)}</time>}
    />
  )
}
