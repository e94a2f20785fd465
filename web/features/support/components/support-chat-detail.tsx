import { useQueryClient } from '@tanstack/react-query'
import { ArrowLeft, Mail } from 'lucide-react'
import { useEffect, useRef } from 'react'
import { supportAgentName } from '@common/support'
import { PriorityBadge } from '@/components/ticket-badges'
import { Button } from '@/components/ui/button'
import { Spinner } from '@/components/ui/spinner'
import { ChatPanel } from '@/features/support/components/chat-panel'
import { lobbyQueryKey } from '@/features/support/api/get-lobby'
import { ticketTotalQueryKey } from '@/features/support/api/get-ticket-total'
import { useTicket } from '@/features/support/api/get-ticket'
import { TicketStatusSelect } from '@/features/support/components/ticket-status-select'

// Below this width the lobby shows the list or the chat, not both.
const sideBySideQuery = '(min-width: 64rem)'

type SupportChatDetailProps = { ticketId: string; onBack: () => void }

/** The selected chat: who is asking and about what, its status, and the conversation. */
export function SupportChatDetail({ ticketId, onBack }: SupportChatDetailProps) {
  const ticket = useTicket(ticketId)
  const queryClient = useQueryClient()
  const headingRef = useRef<HTMLHeadingElement>(null)

  // On a phone the list the admin chose from has just disappeared: bring focus along.
  useEffect(() => {
    if (!window.matchMedia(sideBySideQuery).matches) headingRef.current?.focus()
  }, [ticketId, ticket.isSuccess])

  const handleStatusChanged = () => {
    void queryClient.invalidateQueries({ queryKey: lobbyQueryKey })
    void queryClient.invalidateQueries({ queryKey: ticketTotalQueryKey })
  }

  return (
    <div className="grid min-w-0 flex-1 content-start gap-4 p-4 sm:p-6">
      {/* Closing goes back to /admin/support: beside the list on a wide screen, to it on a phone. */}
      <Button variant="ghost" size="sm" className="-ml-2 w-fit" onClick={onBack}>
        <ArrowLeft aria-hidden />
        <span className="lg:hidden">Back to chats</span>
        <span className="hidden lg:inline">Close chat</span>
      </Button>
      {ticket.data ? (
        <>
          <div className="flex flex-wrap items-start gap-x-4 gap-y-3">
            <div className="grid min-w-60 flex-1 gap-1">
              <h3
                ref={headingRef}
                tabIndex={-1}
                className="flex flex-wrap items-center gap-2 text-lg font-semibold outline-none"
              >
                <span className="break-words">{ticket.data.customerName}</span>
                <PriorityBadge priority={ticket.data.priority} />
              </h3>
              <p className="text-sm font-medium break-words">{ticket.data.subject}</p>
              <a
                href={`mailto:${ticket.data.customerEmail}`}
                className="flex w-fit items-center gap-1.5 rounded-sm text-sm break-all text-muted-foreground outline-none hover:text-foreground hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/60"
              >
                <Mail className="size-3.5 shrink-0" aria-hidden />
                {ticket.data.customerEmail}
              </a>
            </div>
            <TicketStatusSelect ticket={ticket.data} onChanged={handleStatusChanged} />
          </div>
          <p className="line-clamp-3 rounded-lg bg-muted/60 px-3 py-2 text-sm break-words whitespace-pre-wrap text-muted-foreground">
            {ticket.data.description}
          </p>
          <ChatPanel
            ticketId={ticketId}
            viewer="admin"
            senderName={supportAgentName}
            fallbackPollMs={1_000}
          />
        </>
      ) : ticket.isError ? (
        <div role="alert" className="grid justify-items-center gap-3 py-12 text-center text-sm">
          <p className="text-muted-foreground">This chat could not be loaded.</p>
          <Button variant="outline" size="sm" onClick={() => void ticket.refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        <div className="flex justify-center py-12">
          <Spinner className="size-6 text-primary" label="Loading chat" />
        </div>
      )}
    </div>
  )
}
