import { MessageCircle } from 'lucide-react'
import { useRef, useState, type FormEvent } from 'react'
import type { SupportTicket } from '@common/support'
import { Button } from '@/components/ui/button'
import { FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { Spinner } from '@/components/ui/spinner'
import { ApiError } from '@/lib/api-client'
import { showToast } from '@/lib/toast'
import { useLookUpTicket } from '../api/get-ticket'

type ReturnToChatFormProps = {
  onFound: (ticket: SupportTicket) => void
  onCancel: () => void
}

// A malformed id (400) is as unknown as a well-formed one nobody holds (404).
const isUnknownTicket = (error: unknown) =>
  error instanceof ApiError && (error.status === 404 || error.status === 400)

/** The Ticket ID box behind 'Return to Existing Chat'. */
export function ReturnToChatForm({ onFound, onCancel }: ReturnToChatFormProps) {
  const lookUp = useLookUpTicket()
  const inputRef = useRef<HTMLInputElement>(null)
  const [ticketId, setTicketId] = useState('')
  const [error, setError] = useState<string>()

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault()
    const id = ticketId.trim()
    if (!id) {
      setError('Please enter a valid ticket ID.')
      inputRef.current?.focus()
      return
    }
    setError(undefined)
    lookUp.mutate(id, {
      onSuccess: (ticket) => {
        showToast({ title: 'Welcome Back', description: `Returned to ticket: ${ticket.subject}` })
        onFound(ticket)
      },
      onError: (lookUpError) =>
        showToast(
          isUnknownTicket(lookUpError)
            ? {
                title: 'Ticket Not Found',
                description:
                  'No ticket found with this ID. Please check your ticket number and try again.',
                variant: 'destructive',
              }
            : {
                title: 'Error',
                description: 'Failed to fetch ticket',
                variant: 'destructive',
              },
        ),
    })
  }

  return (
    <form
      onSubmit={handleSubmit}
      noValidate
      aria-label="Return to Existing Chat"
      className="grid gap-4"
    >
      <FormField id="return-ticket-id" label="Ticket ID" error={error}>
        {(controlProps) => (
          <Input
            ref={inputRef}
            value={ticketId}
            onChange={(event) => setTicketId(event.target.value)}
            placeholder="Paste your ticket ID"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            autoFocus
            className="font-mono"
            {...controlProps}
          />
        )}
      </FormField>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={lookUp.isPending}>
          {lookUp.isPending ? <Spinner /> : <MessageCircle aria-hidden />}
          Continue Chat
        </Button>
      </div>
    </form>
  )
}
