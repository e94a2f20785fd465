import { useQueryClient } from '@tanstack/react-query'
import { ArrowLeft, Mail, UserRound } from 'lucide-react'
import { useEffect, useRef, useState, type RefObject } from 'react'
import { supportAgentName, type SupportTicket } from '@common/support'
import { ConnectionIndicator } from '@/components/connection-indicator'
import { PriorityBadge } from '@/components/ticket-badges'
import { Button } from '@/components/ui/button'
import { Dialog, DialogContent, DialogTitle } from '@/components/ui/dialog'
import { Spinner } from '@/components/ui/spinner'
import { showToast } from '@/lib/toast'
import { useMediaQuery } from '@/lib/use-media-query'
import { cn } from '@/lib/utils'
import { useAddTicketNote } from '../api/add-ticket-note'
import { useAgentProfile } from '../api/get-agent-profile'
import { refreshLobby } from '../api/get-lobby'
import { useTicket } from '../api/get-ticket'
import { useTicketCustomer } from '../api/get-ticket-customer'
import { useTicketNotes } from '../api/get-ticket-notes'
import { ticketReplyValues } from '../reply-values'
import { AssignControl } from './assign-control'
import { ChatPanel } from './chat-panel'
import { CustomerPanel } from './customer-panel'
import { TicketStatusSelect } from './ticket-status-select'

/** From this width the lobby shows the list beside the chat; below it, one or the other. */
export const sideBySideQuery = '(min-width: 64rem)'

type SupportChatDetailProps = {
  ticketId: string
  me: string
  /** An admin, who reads the staff list: a support agent assigns a chat to themselves or nobody. */
  canAssignOthers: boolean
  onBack: () => void
  /** On a phone the lobby's header is gone: the chat says whether it is live. */
  showsConnection: boolean
}

/** The selected chat: who is asking and about what, its status and assignee, the conversation. */
export function SupportChatDetail({
  ticketId,
  me,
  canAssignOthers,
  onBack,
  showsConnection,
}: SupportChatDetailProps) {
  const ticket = useTicket(ticketId)
  const headingRef = useRef<HTMLHeadingElement>(null)

  // On a phone the list the admin chose from has just disappeared: bring focus along.
  useEffect(() => {
    if (!window.matchMedia(sideBySideQuery).matches) headingRef.current?.focus()
  }, [ticketId, ticket.isSuccess])

  return (
    <div className="flex min-h-0 min-w-0 flex-1 flex-col gap-2 p-3 sm:p-4">
      {/* Closing goes back to /admin/support: beside the list on a wide screen, to it on a phone. */}
      <div className="flex shrink-0 items-center justify-between gap-2">
        <Button variant="ghost" size="sm" className="-ml-2 w-fit" onClick={onBack}>
          <ArrowLeft aria-hidden />
          <span className="lg:hidden">Back to chats</span>
          <span className="hidden lg:inline">Close chat</span>
        </Button>
        {showsConnection && <ConnectionIndicator />}
      </div>
      {ticket.data ? (
        <LoadedChat
          ticket={ticket.data}
          me={me}
          canAssignOthers={canAssignOthers}
          headingRef={headingRef}
        />
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

function CustomerEmail({ email, className }: { email: string; className?: string }) {
  return (
    <a
      href={`mailto:${email}`}
      className={cn(
        'flex w-fit max-w-full items-center gap-1.5 rounded-sm text-sm break-all text-muted-foreground outline-none hover:text-foreground hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/60',
        className,
      )}
    >
      <Mail className="size-3.5 shrink-0" aria-hidden />
      {email}
    </a>
  )
}

type LoadedChatProps = {
  ticket: SupportTicket
  me: string
  canAssignOthers: boolean
  headingRef: RefObject<HTMLHeadingElement | null>
}

function LoadedChat({ ticket, me, canAssignOthers, headingRef }: LoadedChatProps) {
  const queryClient = useQueryClient()
  const profile = useAgentProfile()
  const customer = useTicketCustomer(ticket.customerEmail)
  const notes = useTicketNotes(ticket.id)
  const addNote = useAddTicketNote(ticket.id)
  const [isCustomerOpen, setIsCustomerOpen] = useState(false)
  const isSideBySide = useMediaQuery(sideBySideQuery)
  const agentName = profile.data?.displayName ?? supportAgentName
  const handleChanged = () => void refreshLobby(queryClient)

  const ticketControls = (
    <>
      <TicketStatusSelect ticket={ticket} onChanged={handleChanged} />
      <AssignControl
        ticket={ticket}
        me={me}
        canAssignOthers={canAssignOthers}
        onChanged={handleChanged}
      />
    </>
  )
  const customerPanel = (
    <CustomerPanel
      ticket={ticket}
      customer={customer.data}
      isError={customer.isError}
      onRetry={() => void customer.refetch()}
    />
  )

  return (
    <div className="flex min-h-0 flex-1 gap-4">
      <div className="flex min-h-0 min-w-0 flex-1 flex-col gap-2">
        <div className="flex shrink-0 items-start gap-x-4 gap-y-2">
          <div className="grid min-w-0 flex-1 gap-0.5">
            <h3
              ref={headingRef}
              tabIndex={-1}
              className="flex flex-wrap items-center gap-2 text-lg font-semibold outline-none"
            >
              <span className="min-w-0 break-words">{ticket.customerName}</span>
              <PriorityBadge priority={ticket.priority} />
            </h3>
            <p className="line-clamp-2 text-sm font-medium break-words max-lg:line-clamp-1">
              {ticket.subject}
            </p>
            <CustomerEmail email={ticket.customerEmail} className="max-lg:hidden" />
          </div>
          <Button
            variant="outline"
            size="sm"
            className="xl:hidden"
            onClick={() => setIsCustomerOpen(true)}
          >
            <UserRound aria-hidden />
            <span className="lg:hidden">Details</span>
            <span className="max-lg:hidden">Customer</span>
          </Button>
        </div>
        {/* On a phone these wait behind Details, so the conversation keeps the screen. Shown in
            one place at a time: their labels point at their ids. */}
        {isSideBySide && (
          <div className="flex shrink-0 flex-wrap items-center gap-x-4 gap-y-2">
            {ticketControls}
          </div>
        )}
        <p className="line-clamp-2 shrink-0 rounded-lg max-sm:hidden bg-muted/60 px-3 py-2 text-sm break-words whitespace-pre-wrap text-muted-foreground">
          {ticket.description}
        </p>
        <ChatPanel
          ticketId={ticket.id}
          viewer="admin"
          senderName={agentName}
          otherSideName={ticket.customerName}
          fallbackPollMs={1_000}
          isFullHeight
          agent={{
            notes: notes.data ?? [],
            replyValues: ticketReplyValues(ticket, customer.data, agentName),
            onAddNote: (body) =>
              addNote.mutateAsync(
                { body },
                {
                  onError: () => showToast({ title: 'Failed to add note', variant: 'destructive' }),
                },
              ),
          }}
        />
      </div>
      <aside
        aria-label="Customer"
        className="relative hidden w-72 shrink-0 overflow-y-auto rounded-lg border xl:block"
      >
        {customerPanel}
      </aside>
      <Dialog open={isCustomerOpen} onOpenChange={setIsCustomerOpen}>
        <DialogContent className="max-h-[85dvh] overflow-y-auto p-0" aria-describedby={undefined}>
          <DialogTitle className="sr-only">Ticket and customer</DialogTitle>
          {!isSideBySide && (
            <div className="grid gap-3 border-b p-4 pr-12">
              <CustomerEmail email={ticket.customerEmail} />
              {ticketControls}
            </div>
          )}
          {customerPanel}
        </DialogContent>
      </Dialog>
    </div>
  )
}
