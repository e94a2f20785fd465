import { Lock } from 'lucide-react'
import type { TicketNote } from '@common/support'
import { formatMessageTime } from './chat-message-item'

/** An agent's private note among the messages: amber, full width, marked as never sent. */
export function TicketNoteItem({ note }: { note: TicketNote }) {
  return (
    <li className="grid gap-1 rounded-lg border border-amber-300 bg-amber-50 px-3.5 py-2 text-sm text-amber-950 dark:border-amber-400/40 dark:bg-amber-400/10 dark:text-amber-50">
      <div className="flex flex-wrap items-baseline gap-x-2 text-xs">
        <span className="flex items-center gap-1 font-semibold">
          <Lock className="size-3" aria-hidden />
          Private note
        </span>
        <span>{note.authorUsername}</span>
        <time dateTime={note.createdAt}>{formatMessageTime(note.createdAt)}</time>
        <span className="ml-auto">Only staff see this</span>
      </div>
      <p className="break-words whitespace-pre-wrap">{note.body}</p>
    </li>
  )
}
