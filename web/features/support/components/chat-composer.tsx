import { SendHorizontal } from 'lucide-react'
import { useId, useState, type FormEvent, type KeyboardEvent } from 'react'
import { maxChatMessageLength } from '@common/support'
import { Button } from '@/components/ui/button'
import { Textarea } from '@/components/ui/textarea'

type ChatComposerProps = {
  /** Takes the text to deliver; it shows in the conversation until the server has it. */
  onSend: (message: string) => void
}

/** The reply box: Enter sends, Shift+Enter starts a new line, blank text is never sent. */
export function ChatComposer({ onSend }: ChatComposerProps) {
  const [draft, setDraft] = useState('')
  const hintId = useId()
  const isBlank = draft.trim() === ''

  const send = () => {
    if (isBlank) return
    onSend(draft.trim())
    setDraft('')
  }

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault()
    send()
  }

  const handleKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return
    event.preventDefault()
    send()
  }

  return (
    <form onSubmit={handleSubmit} className="flex items-end gap-2">
      <Textarea
        value={draft}
        onChange={(event) => setDraft(event.target.value)}
        onKeyDown={handleKeyDown}
        rows={2}
        maxLength={maxChatMessageLength}
        aria-label="Message"
        aria-describedby={hintId}
        placeholder="Type your message…"
        className="max-h-40 min-h-12 resize-y"
      />
      <span id={hintId} className="sr-only">
        Enter sends the message; Shift and Enter start a new line.
      </span>
      <Button type="submit" size="icon" disabled={isBlank} aria-label="Send message" title="Send">
        <SendHorizontal aria-hidden />
      </Button>
    </form>
  )
}
