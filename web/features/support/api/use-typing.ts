import { useCallback, useEffect, useRef, useState } from 'react'
import { typingIntervalMs } from '@common/realtime'
import type { ChatSenderType } from '@common/support'
import { useLiveSocketFrames, useSendTyping } from '@/lib/live-socket-context'

// The server counts one frame per interval; hearing none for twice as long means they stopped.
const shownForMs = typingIntervalMs * 2

/** Whether the other side of a ticket's chat is typing now (from their `typing` frames). */
export function useIsOtherSideTyping(ticketId: string, viewer: ChatSenderType): boolean {
  const [isTyping, setIsTyping] = useState(false)
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined)

  useLiveSocketFrames((frame) => {
    if (frame.type === 'typing' && frame.ticketId === ticketId && frame.senderType !== viewer) {
      setIsTyping(true)
      clearTimeout(timer.current)
      timer.current = setTimeout(() => setIsTyping(false), shownForMs)
    }
    // Their message arrived: they have stopped typing it.
    if (
      frame.type === 'chat:new_message' &&
      frame.ticketId === ticketId &&
      frame.message.senderType !== viewer
    ) {
      clearTimeout(timer.current)
      setIsTyping(false)
    }
  })
  useEffect(() => () => clearTimeout(timer.current), [])
  return isTyping
}

/** A function to call on every keystroke: it sends at most one `typing` frame per interval. */
export function useNotifyTyping(ticketId: string): () => void {
  const sendTyping = useSendTyping()
  const lastSentAt = useRef(0)
  return useCallback(() => {
    const now = Date.now()
    if (now - lastSentAt.current < typingIntervalMs) return
    lastSentAt.current = now
    sendTyping(ticketId)
  }, [sendTyping, ticketId])
}
