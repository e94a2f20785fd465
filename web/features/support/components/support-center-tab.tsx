import { MessagesSquare } from 'lucide-react'
import { useEffect } from 'react'
import { useLocation, useSearch } from 'wouter'
import { adminPaths } from '@common/routes'
import type { LobbyView } from '@common/support'
import { useLiveSocketFrames } from '@/lib/live-socket-context'
import { showToast } from '@/lib/toast'
import { useMediaQuery } from '@/lib/use-media-query'
import { cn } from '@/lib/utils'
import { useLobby } from '../api/get-lobby'
import { useMarkTicketRead } from '../api/mark-ticket-read'
import { LobbyChatList } from './lobby-chat-list'
import { LobbyOverview } from './lobby-overview'
import { lobbyViewOf, LobbyViewTabs } from './lobby-view-tabs'
import { sideBySideQuery, SupportChatDetail } from './support-chat-detail'

const toastPreviewLength = 50

type SupportCenterTabProps = {
  selectedId: string | null
  /** The signed-in agent's username: "mine", and "assign to me". */
  me: string
  /** An admin, who reads the staff list: a support agent assigns a chat to themselves or nobody. */
  canAssignOthers: boolean
}

/**
 * Support Center: the Live Chat Lobby, with the active chats beside the selected one and its
 * customer. The open chat is the address's (/admin/support/{ticketId}) and so is the view
 * (`?view=mine`): opening one navigates, closing goes back.
 */
export function SupportCenterTab({ selectedId, me, canAssignOthers }: SupportCenterTabProps) {
  const search = useSearch()
  const view = lobbyViewOf(search)
  const lobby = useLobby(view)
  const isSideBySide = useMediaQuery(sideBySideQuery)
  const [, navigate] = useLocation()
  const withView = (path: string, shown: LobbyView = view) =>
    shown === 'all' ? path : `${path}?view=${shown}`
  const handleSelect = (ticketId: string | null) =>
    navigate(withView(ticketId ? adminPaths.ticket(ticketId) : adminPaths.section('support')))
  const handleViewChange = (shown: LobbyView) =>
    navigate(
      withView(selectedId ? adminPaths.ticket(selectedId) : adminPaths.section('support'), shown),
      { replace: true },
    )
  const { mutate: markTicketRead } = useMarkTicketRead()
  const selectedUnread = lobby.data?.find((chat) => chat.id === selectedId)?.unreadCount ?? 0

  // Opening a chat reads it, and so does every customer message that arrives while it is open.
  useEffect(() => {
    if (selectedId) markTicketRead(selectedId)
  }, [selectedId, markTicketRead])
  useEffect(() => {
    if (selectedId && selectedUnread > 0) markTicketRead(selectedId)
  }, [selectedId, selectedUnread, markTicketRead])

  useLiveSocketFrames((frame) => {
    if (frame.type !== 'chat:new_message' || frame.ticketId === selectedId) return
    const { senderType, senderName, message } = frame.message
    if (senderType !== 'customer') return
    showToast({
      title: `New message from ${senderName}`,
      description: message.slice(0, toastPreviewLength),
      duration: 5_000,
    })
  })

  return (
    <div className="grid min-w-0 gap-4">
      {/* On a phone an open chat takes the whole screen; its back button returns here. */}
      {isSideBySide || !selectedId ? (
        <LobbyOverview chats={lobby.data} />
      ) : (
        // Keeps the outline whole for the chat's heading below.
        <h2 className="sr-only">Live Chat Lobby</h2>
      )}
      <div
        className={cn(
          'grid min-w-0 grid-cols-1 overflow-hidden rounded-xl border bg-card text-card-foreground shadow-sm lg:h-[calc(100dvh-18rem)] lg:min-h-[32rem] lg:grid-cols-[20rem_minmax(0,1fr)] lg:grid-rows-[minmax(0,1fr)]',
          selectedId &&
            // On a phone the header steps aside for an open chat: the page's padding is all
            // that is left around it, so the messages get most of the screen.
            'max-lg:min-h-[30rem] max-lg:grid-rows-[minmax(0,1fr)] max-sm:h-[calc(100dvh-3rem)] sm:max-lg:h-[calc(100dvh-14.5rem)]',
        )}
      >
        <section
          aria-labelledby="active-chats-heading"
          className={cn('flex min-h-0 min-w-0 flex-col lg:border-r', selectedId && 'max-lg:hidden')}
        >
          <div className="grid shrink-0 gap-2 border-b px-4 py-3">
            <h3 id="active-chats-heading" className="text-sm font-semibold">
              Active Chats
            </h3>
            <LobbyViewTabs view={view} onChange={handleViewChange} />
          </div>
          {/* Relative: the rows' screen-reader-only text stays inside the scrolling box. */}
          <div className="relative min-h-0 flex-1 overflow-y-auto">
            <LobbyChatList
              chats={lobby.data}
              view={view}
              isError={lobby.isError}
              onRetry={() => void lobby.refetch()}
              selectedId={selectedId}
              onSelect={handleSelect}
            />
          </div>
        </section>
        <section
          aria-label="Selected chat"
          className={cn('flex min-h-0 min-w-0', !selectedId && 'max-lg:hidden')}
        >
          {selectedId ? (
            <SupportChatDetail
              key={selectedId}
              ticketId={selectedId}
              me={me}
              canAssignOthers={canAssignOthers}
              onBack={() => handleSelect(null)}
              showsConnection={!isSideBySide}
            />
          ) : (
            <div className="flex flex-1 flex-col items-center justify-center gap-2 p-12 text-center text-muted-foreground">
              <MessagesSquare className="size-10" aria-hidden />
              <p>Select a chat to read it and reply.</p>
            </div>
          )}
        </section>
      </div>
    </div>
  )
}
