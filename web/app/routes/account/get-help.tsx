import { LifeBuoy } from 'lucide-react'
import { useState } from 'react'
import { useLocation } from 'wouter'
import type { CustomerAccount } from '@common/customer-account'
import { supportTicketPath } from '@common/routes'
import { Button } from '@/components/ui/button'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog'
import { CreateTicketForm } from '@/features/support/components/create-ticket-form'

/** "Get help" on the customer's page: a support ticket with their name and e-mail filled in. */
export function GetHelp({ person }: { person: CustomerAccount['person'] }) {
  const [isOpen, setIsOpen] = useState(false)
  const [, navigate] = useLocation()
  return (
    <Dialog open={isOpen} onOpenChange={setIsOpen}>
      <DialogTrigger asChild>
        <Button variant="outline" size="lg" className="w-full sm:w-fit">
          <LifeBuoy aria-hidden />
          Get help
        </Button>
      </DialogTrigger>
      <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>Get help</DialogTitle>
          <DialogDescription>
            Tell us what is wrong: our support answers in the ticket's chat.
          </DialogDescription>
        </DialogHeader>
        <CreateTicketForm
          prefill={{
            customerName: `${person.firstName} ${person.lastName}`.trim(),
            customerEmail: person.email,
          }}
          onCreated={(ticket) => navigate(supportTicketPath(ticket.id))}
        />
      </DialogContent>
    </Dialog>
  )
}
