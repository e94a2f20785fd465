import { Mail } from 'lucide-react'
import { useState } from 'react'
import { Button } from '@/components/ui/button'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog'
import { PersonMessages } from './person-messages'

/** An icon button opening the person's messages (e-mails sent, queued or failed) in a dialog. */
export function PersonMessagesButton({ personId, name }: { personId: string; name: string }) {
  const [isOpen, setIsOpen] = useState(false)
  return (
    <Dialog open={isOpen} onOpenChange={setIsOpen}>
      <DialogTrigger asChild>
        <Button variant="ghost" size="icon" aria-label={`Messages to ${name}`} title="Messages">
          <Mail aria-hidden />
        </Button>
      </DialogTrigger>
      <DialogContent className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>Messages to {name}</DialogTitle>
          <DialogDescription>
            What was sent to them, what waits, and why a message failed.
          </DialogDescription>
        </DialogHeader>
        {isOpen && <PersonMessages personId={personId} />}
      </DialogContent>
    </Dialog>
  )
}
