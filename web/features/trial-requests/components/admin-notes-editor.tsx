import { Pencil } from 'lucide-react'
import { useEffect, useRef, useState, type KeyboardEvent } from 'react'
import type { TrialRequest } from '@common/trial-requests'
import { Textarea } from '@/components/ui/textarea'
import { cn } from '@/lib/utils'
import { useUpdateTrialRequest } from '../api/update-trial-request'

/**
 * The admin notes, edited in place: a click opens a text box; Enter or leaving it saves,
 * Shift+Enter starts a new line, Escape puts the notes back as they were.
 */
export function AdminNotesEditor({
  request,
  className,
}: {
  request: TrialRequest
  /** Sizes the notes and their text box (a narrow table column by default). */
  className?: string
}) {
  const update = useUpdateTrialRequest()
  const [draft, setDraft] = useState<string | null>(null)
  // Guards against a second save from the blur that removing the focused text box can fire.
  const isEditingRef = useRef(false)
  const shouldRefocusRef = useRef(false)
  const buttonRef = useRef<HTMLButtonElement>(null)
  const savedNotes = request.adminNotes ?? ''
  const shownNotes = update.isPending ? (update.variables.changes.adminNotes ?? '') : savedNotes
  const label = `Admin notes for ${request.name}`

  // After Enter or Escape the keyboard stays where it was: on the notes.
  useEffect(() => {
    if (draft === null && shouldRefocusRef.current) {
      shouldRefocusRef.current = false
      buttonRef.current?.focus()
    }
  }, [draft])

  const startEditing = () => {
    isEditingRef.current = true
    setDraft(savedNotes)
  }

  const finish = (save: boolean, refocus: boolean) => {
    if (draft === null || !isEditingRef.current) return
    isEditingRef.current = false
    shouldRefocusRef.current = refocus
    setDraft(null)
    if (!save || draft.trim() === savedNotes) return
    update.mutate({ id: request.id, changes: { adminNotes: draft } })
  }

  const handleKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey) {
      event.preventDefault()
      finish(true, true)
    } else if (event.key === 'Escape') {
      event.preventDefault()
      finish(false, true)
    }
  }

  if (draft !== null) {
    return (
      <Textarea
        aria-label={label}
        value={draft}
        autoFocus
        maxLength={5000}
        onChange={(event) => setDraft(event.target.value)}
        onBlur={() => finish(true, false)}
        onKeyDown={handleKeyDown}
        className={cn('min-h-16 w-36 py-1.5 text-sm', className)}
      />
    )
  }

  return (
    <button
      ref={buttonRef}
      type="button"
      onClick={startEditing}
      title={shownNotes || undefined}
      className={cn(
        'group flex w-36 cursor-text items-start gap-2 rounded-md border border-transparent px-2 py-1.5 text-left text-sm whitespace-pre-wrap outline-none hover:border-input focus-visible:ring-[3px] focus-visible:ring-ring/60',
        className,
      )}
    >
      <span className={shownNotes ? 'line-clamp-3 break-words' : 'text-muted-foreground italic'}>
        <span className="sr-only">{label}: </span>
        {shownNotes || 'Add a note'}
      </span>
      <Pencil
        className="mt-0.5 ml-auto size-3.5 shrink-0 opacity-40 group-hover:opacity-100"
        aria-hidden
      />
    </button>
  )
}
