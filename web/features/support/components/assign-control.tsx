import { UserCheck } from 'lucide-react'
import type { SupportTicket } from '@common/support'
import { Button } from '@/components/ui/button'
import { Label } from '@/components/ui/label'
import { NativeSelect } from '@/components/ui/native-select'
import { showToast } from '@/lib/toast'
import { useSupportAgents } from '../api/get-support-agents'
import { useUpdateTicket } from '../api/update-ticket'

type AssignControlProps = {
  ticket: SupportTicket
  /** The signed-in agent's username. */
  me: string
  /** An admin, who reads the staff list: a support agent assigns a chat to themselves or nobody. */
  canAssignOthers: boolean
  onChanged: () => void
}

const unassigned = ''

/** Who answers this chat: assign it to me, to another admin, or back to nobody. */
export function AssignControl({ ticket, me, canAssignOthers, onChanged }: AssignControlProps) {
  const agents = useSupportAgents(canAssignOthers)
  const updateTicket = useUpdateTicket()
  const id = `ticket-assignee-${ticket.id}`
  const current = updateTicket.isPending
    ? (updateTicket.variables.changes.assignedTo ?? unassigned)
    : (ticket.assignedTo ?? unassigned)
  // The assignee stays listed even if their account is gone from the list.
  const usernames = [...new Set([me, ...(agents.data ?? []), ...(current ? [current] : [])])]

  const assign = (assignedTo: string | null) =>
    updateTicket.mutate(
      { ticketId: ticket.id, changes: { assignedTo } },
      {
        onSuccess: (updated) => {
          showToast({
            title: updated.assignedTo
              ? `Assigned to ${updated.assignedTo === me ? 'you' : updated.assignedTo}`
              : 'Chat unassigned',
          })
          onChanged()
        },
        onError: () => showToast({ title: 'Failed to assign the chat', variant: 'destructive' }),
      },
    )

  return (
    <div className="flex flex-wrap items-center gap-2">
      <Label htmlFor={id} className="text-muted-foreground">
        Assignee
      </Label>
      <NativeSelect
        id={id}
        value={current}
        disabled={updateTicket.isPending}
        onChange={(event) => assign(event.target.value || null)}
        className="h-9 w-40"
      >
        <option value={unassigned}>Unassigned</option>
        {usernames.map((username) => (
          <option key={username} value={username}>
            {username === me ? `${username} (you)` : username}
          </option>
        ))}
      </NativeSelect>
      {current !== me && (
        <Button
          variant="outline"
          size="sm"
          disabled={updateTicket.isPending}
          onClick={() => assign(me)}
        >
          <UserCheck aria-hidden />
          Assign to me
        </Button>
      )}
    </div>
  )
}
