import { Mails } from 'lucide-react'
import { DialogIconButton } from '@/components/dialog-icon-button'
import { PersonMessages } from './person-messages'

/**
 * An icon button opening the person's messages (e-mails sent, queued or failed) in a dialog. It
 * lives in the contacts list, which only admins open: they may read the mail settings.
 */
export function PersonMessagesButton({ personId, name }: { personId: string; name: string }) {
  return (
    <DialogIconButton
      icon={<Mails aria-hidden />}
      label={`Messages to ${name}`}
      title="Messages"
      description="What was sent to them, what waits, and why a message failed."
    >
      <PersonMessages personId={personId} showsMailStatus />
    </DialogIconButton>
  )
}
