import { Inbox } from 'lucide-react'
import { useState } from 'react'
import type { LobbyTicket, LobbyView } from '@common/support'
import { Button } from '@/components/ui/button'
import { Skeleton } from '@/components/ui/skeleton'
import { useNow } from '@/lib/use-now'
import { holdInPlace } from '../lobby-order'
import { LobbyChatRow } from './lobby-chat-row'

type LobbyChatListProps = {
  chats: LobbyTicket[] | undefined
  /** Which chats these are: the empty state says so. */
  view: LobbyView
  isError: boolean
  onRetry: () => void
  selectedId: string | null
  onSelect: (ticketId: string) => void
}

const emptyTitles: Record<LobbyView, string> = {
  all: 'No active chats',
  mine: 'No chats assigned to you',
  unassigned: 'Every chat has an agent',
}
const emptyHints: Record<LobbyView, string> = {
  all: 'New tickets appear here as customers open them.',
  mine: 'Open a chat and assign it to yourself, or look in Unassigned.',
  unassigned: 'New tickets appear here until someone takes them.',
}

/** The active chats, most in need of an answer first. */
export function LobbyChatList({
  chats,
  view,
  isError,
  onRetry,
  selectedId,
  onSelect,
}: LobbyChatListProps) {
  const now = useNow()
  // Where the open chat was shown when it was opened: it stays there while the others re-sort.
  const [held, setHeld] = useState<{ id: string | null; index: number | null }>({
    id: null,
    index: null,
  })
  const shown = chats && holdInPlace(chats, held.id, held.index)
  if (shown && held.id !== selectedId) {
    const index = shown.findIndex((chat) => chat.id === selectedId)
    setHeld({ id: selectedId, index: index === -1 ? null : index })
  }
  if (shown === undefined) {
    return isError ? (
      <div role="alert" className="grid justify-items-center gap-3 p-6 text-center text-sm">
        <p className="text-muted-foreground">The active chats could not be loaded.</p>
        <Button variant="outline" size="sm" onClick={onRetry}>
          Try again
        </Button>
      </div>
    ) : (
      <div className="grid gap-3 p-4" aria-busy="true" aria-label="Loading active chats">
        {[0, 1, 2].map((index) => (
          <Skeleton key={index} className="h-16" />
        ))}
      </div>
    )
  }
  if (shown.length === 0) {
    return (
      <div className="grid justify-items-center gap-2 px-6 py-12 text-center">
        <Inbox className="size-8 text-muted-foreground" aria-hidden />
        <p className="font-medium">{emptyTitles[view]}</p>
        <p className="text-sm text-muted-foreground">{emptyHints[view]}</p>
      </div>
    )
  }
  return (
    <ul aria-label="Active chats" className="divide-y">
      {shown.map((chat) => (
        <LobbyChatRow
          key={chat.id}
          chat={chat}
          isSelected={chat.id === selectedId}
          now={now}
          onSelect={onSelect}
        />
      ))}
    </ul>
  )
}
