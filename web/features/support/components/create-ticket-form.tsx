import { zodResolver } from '@hookform/resolvers/zod'
import { Send } from 'lucide-react'
import { useForm } from 'react-hook-form'
import {
  createTicketInput,
  ticketPriorities,
  type CreateTicketInput,
  type SupportTicket,
} from '@common/support'
import { ticketPriorityLabels } from '@/components/ticket-badges'
import { Button } from '@/components/ui/button'
import { FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { NativeSelect } from '@/components/ui/native-select'
import { Spinner } from '@/components/ui/spinner'
import { Textarea } from '@/components/ui/textarea'
import { showToast } from '@/lib/toast'
import { useIsHydrated } from '@/lib/use-is-hydrated'
import { useCreateTicket, type NewTicket } from '../api/create-ticket'

const emptyTicket: CreateTicketInput = {
  customerName: '',
  customerEmail: '',
  subject: '',
  priority: 'medium',
  description: '',
}

/**
 * 'Create New Support Ticket': validated with the server's own schema. `prefill`: what is known
 * already (a signed-in customer's name and e-mail).
 */
export function CreateTicketForm({
  onCreated,
  prefill,
}: {
  onCreated: (ticket: SupportTicket) => void
  prefill?: Partial<CreateTicketInput>
}) {
  const createTicket = useCreateTicket()
  // The server renders this form: a click before the script takes over would submit it natively.
  const isHydrated = useIsHydrated()
  const { register, handleSubmit, formState } = useForm<CreateTicketInput, unknown, NewTicket>({
    resolver: zodResolver(createTicketInput),
    defaultValues: { ...emptyTicket, ...prefill },
  })
  const { errors } = formState

  const handleCreate = handleSubmit((input) =>
    createTicket.mutate(input, {
      onSuccess: (ticket) => {
        showToast({
          title: 'Support Ticket Created',
          description: `Your ticket ID is ${ticket.id}. Keep it to return to this chat.`,
          duration: 10_000,
        })
        onCreated(ticket)
      },
      onError: () =>
        showToast({
          title: 'Error',
          description: 'Failed to create support ticket. Please try again.',
          variant: 'destructive',
        }),
    }),
  )

  return (
    <form
      onSubmit={handleCreate}
      noValidate
      aria-label="Create New Support Ticket"
      className="grid gap-5 sm:grid-cols-2"
    >
      <FormField id="ticket-name" label="Full Name" error={errors.customerName?.message}>
        {(controlProps) => (
          <Input autoComplete="name" {...controlProps} {...register('customerName')} />
        )}
      </FormField>
      <FormField id="ticket-email" label="Email Address" error={errors.customerEmail?.message}>
        {(controlProps) => (
          <Input
            type="email"
            autoComplete="email"
            {...controlProps}
            {...register('customerEmail')}
          />
        )}
      </FormField>
      <FormField id="ticket-subject" label="Subject" error={errors.subject?.message}>
        {(controlProps) => <Input {...controlProps} {...register('subject')} />}
      </FormField>
      <FormField id="ticket-priority" label="Priority" error={errors.priority?.message}>
        {(controlProps) => (
          <NativeSelect {...controlProps} {...register('priority')}>
            {ticketPriorities.map((priority) => (
              <option key={priority} value={priority}>
                {ticketPriorityLabels[priority]}
              </option>
            ))}
          </NativeSelect>
        )}
      </FormField>
      <FormField
        id="ticket-description"
        label="Description"
        error={errors.description?.message}
        className="sm:col-span-2"
      >
        {(controlProps) => (
          <Textarea
            rows={5}
            placeholder="Tell us what happened, on which device, and what you have tried."
            {...controlProps}
            {...register('description')}
          />
        )}
      </FormField>
      <div className="sm:col-span-2">
        <Button
          type="submit"
          size="lg"
          disabled={!isHydrated || createTicket.isPending}
          className="w-full sm:w-auto"
        >
          {createTicket.isPending ? <Spinner /> : <Send aria-hidden />}
          Create Ticket
        </Button>
      </div>
    </form>
  )
}
