import { ticketStatuses, type SupportTicket, type TicketStatus } from '@common/support'
import { ticketStatusLabels } from '@/components/ticket-badges'
import { Label } from '@/components/ui/label'
import { NativeSelect } from '@/components/ui/native-select'
import { showToast } from '@/lib/toast'
import { useUpdateTicket } from '../api/update-ticket'

type TicketStatusSelectProps = {
  ticket: SupportTicket
  onChanged: (ticket: SupportTicket) => void
}

/** Admin: moves a ticket between open, in progress, resolved and closed. */
export function TicketStatusSelect({ ticket, onChanged }: TicketStatusSelectProps) {
  const updateTicket = useUpdateTicket()
  const id = `ticket-status-${ticket.id}`

  const handleChange = (status: TicketStatus) =>
    updateTicket.mutate(
      { ticketId: ticket.id, changes: { status } },
      {
        onSuccess: (updated) => {
          showToast({ title: `Ticket marked ${ticketStatusLabels[updated.status].toLowerCase()}` })
          onChanged(updated)
        },
        onError: () =>
          showToast({ title: 'Failed to update ticket status', variant: 'destructive' }),
      },
    )

  return (
    <div className="flex items-center gap-2">
      <Label htmlFor={id} className="text-muted-foreground">
        Status
      </Label>
      <NativeSelect
        id={id}
        value={updateTicket.isPending ? updateTicket.variables.changes.status : ticket.status}
        disabled={updateTicket.isPending}
        onChange={(event) => handleChange(event.target.value as TicketStatus)}
        className="h-9 w-40"
      >
        {ticketStatuses.map((status) => (
          <option key={status} value={status}>
            {ticketStatusLabels[status]}
          </option>
        ))}
      </NativeSelect>
    </div>
  )
}
