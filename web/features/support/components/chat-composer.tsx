import { useQuery } from '@tanstack/react-query'
import { Lock, SendHorizontal } from 'lucide-react'
import { useId, useState, type FormEvent, type KeyboardEvent } from 'react'
import {
  fillReplyVariables,
  type ReplyVariableValues,
  type SavedReply,
} from '@common/saved-replies'
import { maxChatMessageLength } from '@common/support'
import { Button } from '@/components/ui/button'
import { Textarea } from '@/components/ui/textarea'
import { cn } from '@/lib/utils'
import { getSavedRepliesQueryOptions } from '../api/get-saved-replies'
import { filterSavedReplies, savedReplyQuery } from '../saved-reply-filter'
import { ComposerModeSwitch, type ComposerMode } from './composer-mode-switch'
import { SavedReplyPicker, savedReplyOptionId } from './saved-reply-picker'

/** What only an agent's reply box has: saved replies with `/`, and private notes. */
export type AgentComposerTools = {
  /** Fills a saved reply's variables for this chat's customer. */
  replyValues: ReplyVariableValues
  /** Resolves once the note is stored; the draft is kept when it fails. */
  onAddNote: (body: string) => Promise<unknown>
}

type ChatComposerProps = {
  /** Takes the text to deliver; it shows in the conversation until the server has it. */
  onSend: (message: string) => void
  /** Called on every keystroke; the other side hears "typing" (throttled by the caller). */
  onTyping: () => void
  agent?: AgentComposerTools
}

/**
 * The reply box: Enter sends, Shift+Enter starts a new line, blank text is never sent. An agent
 * also gets `/` for saved replies (arrows, Enter, Escape) and a Note mode that only staff see.
 */
export function ChatComposer({ onSend, onTyping, agent }: ChatComposerProps) {
  const [draft, setDraft] = useState('')
  const [mode, setMode] = useState<ComposerMode>('reply')
  const [activeIndex, setActiveIndex] = useState(0)
  const [isPickerDismissed, setIsPickerDismissed] = useState(false)
  const [isSavingNote, setIsSavingNote] = useState(false)
  const hintId = useId()
  const pickerId = useId()
  const savedReplies = useQuery({ ...getSavedRepliesQueryOptions(), enabled: Boolean(agent) })
  const isNote = mode === 'note'
  const isBlank = draft.trim() === ''

  const query = agent && !isNote && !isPickerDismissed ? savedReplyQuery(draft) : null
  const matches =
    query === null ? undefined : savedReplies.data && filterSavedReplies(savedReplies.data, query)
  const isPickerOpen = query !== null
  const active = Math.min(activeIndex, Math.max((matches?.length ?? 1) - 1, 0))

  const changeDraft = (text: string) => {
    setDraft(text)
    setActiveIndex(0)
    if (!text.startsWith('/')) setIsPickerDismissed(false)
    if (text && !isNote) onTyping()
  }

  const insertReply = (reply: SavedReply) => {
    setDraft(fillReplyVariables(reply.body, agent?.replyValues ?? {}))
    setIsPickerDismissed(false)
  }

  const submit = async () => {
    if (isBlank || isSavingNote) return
    const text = draft.trim()
    if (!isNote) {
      onSend(text)
      setDraft('')
      return
    }
    setIsSavingNote(true)
    try {
      await agent?.onAddNote(text)
      setDraft('')
    } catch {
      // The caller told the agent why; the note stays to send again.
    } finally {
      setIsSavingNote(false)
    }
  }

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault()
    void submit()
  }

  const handlePickerKey = (event: KeyboardEvent<HTMLTextAreaElement>): boolean => {
    if (!isPickerOpen) return false
    const count = matches?.length ?? 0
    if (event.key === 'Escape') setIsPickerDismissed(true)
    else if (event.key === 'ArrowDown' && count > 0) setActiveIndex((active + 1) % count)
    else if (event.key === 'ArrowUp' && count > 0) setActiveIndex((active - 1 + count) % count)
    else if ((event.key === 'Enter' || event.key === 'Tab') && matches?.[active])
      insertReply(matches[active])
    else return false
    event.preventDefault()
    return true
  }

  const handleKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.nativeEvent.isComposing || handlePickerKey(event)) return
    if (event.key !== 'Enter' || event.shiftKey) return
    event.preventDefault()
    void submit()
  }

  return (
    <form onSubmit={handleSubmit} className="grid gap-2">
      {agent && <ComposerModeSwitch mode={mode} onChange={setMode} />}
      <div className="flex items-end gap-2">
        <div className="relative min-w-0 flex-1">
          {isPickerOpen && (
            <SavedReplyPicker
              id={pickerId}
              replies={matches}
              activeIndex={active}
              onPick={insertReply}
              onActivate={setActiveIndex}
            />
          )}
          <Textarea
            value={draft}
            onChange={(event) => changeDraft(event.target.value)}
            onKeyDown={handleKeyDown}
            rows={2}
            maxLength={maxChatMessageLength}
            aria-label={isNote ? 'Private note' : 'Message'}
            aria-describedby={hintId}
            aria-controls={isPickerOpen ? pickerId : undefined}
            aria-activedescendant={
              isPickerOpen && matches?.length ? savedReplyOptionId(pickerId, active) : undefined
            }
            placeholder={
              isNote
                ? 'Write a private note… Only staff see this'
                : agent
                  ? 'Reply… (type / for saved replies)'
                  : 'Type your message…'
            }
            className={cn(
              'max-h-40 min-h-12 resize-y',
              isNote &&
                'border-amber-400 bg-amber-50 placeholder:text-amber-900/70 focus-visible:border-amber-500 focus-visible:ring-amber-400/40 dark:border-amber-400/50 dark:bg-amber-400/10 dark:placeholder:text-amber-100/70',
            )}
          />
        </div>
        <span id={hintId} className="sr-only">
          {isNote
            ? 'Enter adds the note; only staff see it.'
            : 'Enter sends the message; Shift and Enter start a new line.'}
          {agent && !isNote && ' Type a slash for saved replies.'}
        </span>
        <Button
          type="submit"
          size="icon"
          disabled={isBlank || isSavingNote}
          aria-label={isNote ? 'Add note' : 'Send message'}
          title={isNote ? 'Add note' : 'Send'}
          className={cn(isNote && 'bg-amber-600 text-white hover:bg-amber-700')}
        >
          {isNote ? <Lock aria-hidden /> : <SendHorizontal aria-hidden />}
        </Button>
      </div>
    </form>
  )
}
