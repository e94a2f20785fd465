import { MessagesSquare } from 'lucide-react'
import { useEffect } from 'react'
import { useLocation } from 'wouter'
import { adminPaths } from '@common/routes'
import { LobbyChatList } from '@/features/support/components/lobby-chat-list'
import { LobbyOverview } from '@/features/support/components/lobby-overview'
import { useLobby } from '@/features/support/api/get-lobby'
import { useMarkTicketRead } from '@/features/support/api/mark-ticket-read'
import { useLiveSocketFrames } from '@/lib/live-socket-context'
import { showToast } from '@/lib/toast'
import { cn } from '@/lib/utils'
import { SupportChatDetail } from './support-chat-detail'

const toastPreviewLength = 50

/**
 * Support Center: the Live Chat Lobby, with the active chats beside the selected one. The open
 * chat is the address's (/admin/support/{ticketId}): opening one navigates, closing goes back.
 */
export function SupportCenterTab({ selectedId }: { selectedId: string | null }) {
  const lobby = useLobby()
  const [, navigate] = useLocation()
  const handleSelect = (ticketId: string | null) =>
    navigate(ticketId ? adminPaths.ticket(ticketId) : adminPaths.section('support'))
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
    <div className="grid gap-6">
      <LobbyOverview chats={lobby.data} />
      <div className="grid overflow-hidden rounded-xl border bg-card text-card-foreground shadow-sm lg:grid-cols-[22rem_1fr]">
        <section
          aria-labelledby="active-chats-heading"
          className={cn('min-w-0 lg:border-r', selectedId && 'hidden lg:block')}
        >
          <h3 id="active-chats-heading" className="border-b px-4 py-3 text-sm font-semibold">
            Active Chats
          </h3>
          <div className="lg:max-h-[40rem] lg:overflow-y-auto">
            <LobbyChatList
              chats={lobby.data}
              isError={lobby.isError}
              onRetry={() => void lobby.refetch()}
              selectedId={selectedId}
              onSelect={handleSelect}
            />
          </div>
        </section>
        <section
          aria-label="Selected chat"
          className={cn('min-w-0', selectedId ? 'flex' : 'hidden lg:flex')}
        >
          {selectedId ? (
            <SupportChatDetail
              key={selectedId}
              ticketId={selectedId}
              onBack={() => handleSelect(null)}
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
