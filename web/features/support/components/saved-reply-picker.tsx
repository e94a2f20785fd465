import type { SavedReply } from '@common/saved-replies'
import { cn } from '@/lib/utils'

type SavedReplyPickerProps = {
  id: string
  replies: readonly SavedReply[] | undefined
  activeIndex: number
  onPick: (reply: SavedReply) => void
  /** The hover moves the highlight, as the arrow keys do. */
  onActivate: (index: number) => void
}

export const savedReplyOptionId = (pickerId: string, index: number) => `${pickerId}-${index}`

/** The saved replies matching what follows `/` in the reply box; the box keeps the focus. */
export function SavedReplyPicker({
  id,
  replies,
  activeIndex,
  onPick,
  onActivate,
}: SavedReplyPickerProps) {
  const shell =
    'absolute inset-x-0 bottom-full z-20 mb-2 max-h-64 overflow-y-auto rounded-lg border bg-popover p-1 text-popover-foreground shadow-lg'
  if (!replies || replies.length === 0) {
    return (
      <div id={id} className={cn(shell, 'px-3 py-2 text-sm text-muted-foreground')} role="status">
        {replies
          ? 'No saved reply matches. Manage them in Support settings.'
          : 'Loading saved replies…'}
      </div>
    )
  }
  return (
    <ul id={id} role="listbox" aria-label="Saved replies" className={shell}>
      {replies.map((reply, index) => (
        <li
          key={reply.id}
          id={savedReplyOptionId(id, index)}
          role="option"
          aria-selected={index === activeIndex}
          // The box keeps the focus: a mouse pick must not blur it first.
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => onPick(reply)}
          onMouseMove={() => onActivate(index)}
          className={cn(
            'grid cursor-pointer gap-0.5 rounded-md px-3 py-2 text-sm',
            index === activeIndex && 'bg-accent text-accent-foreground',
          )}
        >
          <span className="truncate font-medium">{reply.title}</span>
          <span className="truncate text-xs text-muted-foreground">{reply.body}</span>
        </li>
      ))}
    </ul>
  )
}
