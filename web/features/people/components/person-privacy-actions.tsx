import { Download, UserX } from 'lucide-react'
import { useId, useState } from 'react'
import type { TrialRequest } from '@common/trial-requests'
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '@/components/ui/alert-dialog'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { personDataDownloadUrl } from '../api/download-person-data'
import { useErasePerson } from '../api/erase-person'

/** "Download data": everything held about the person, as the file they may ask for. */
export function DownloadPersonData({ personId }: { personId: string }) {
  return (
    <Button variant="outline" asChild>
      <a href={personDataDownloadUrl(personId)} download>
        <Download aria-hidden />
        Download data
      </a>
    </Button>
  )
}

/**
 * "Erase person", for a request to be forgotten: says what it does, and runs only once the
 * subscription id is typed (a second look at whom it is about).
 */
export function ErasePersonButton({ person }: { person: TrialRequest }) {
  const erase = useErasePerson(person.id)
  const [isOpen, setIsOpen] = useState(false)
  const [confirm, setConfirm] = useState('')
  const inputId = useId()
  const isConfirmed = confirm.trim().toUpperCase() === person.subscriptionId

  return (
    <AlertDialog
      open={isOpen}
      onOpenChange={(open) => {
        setIsOpen(open)
        setConfirm('')
      }}
    >
      <AlertDialogTrigger asChild>
        <Button variant="destructive" disabled={erase.isPending}>
          <UserX aria-hidden />
          Erase person
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Erase {person.name}?</AlertDialogTitle>
          <AlertDialogDescription asChild>
            <div className="grid gap-2 text-left">
              <p>This cannot be undone. Erasing:</p>
              <ul className="list-disc pl-5">
                <li>disables their line on the supplier panel;</li>
                <li>replaces their name, e-mail, Telegram, WhatsApp and ticket details;</li>
                <li>replaces every chat message in their tickets;</li>
                <li>deletes the notes about them and the messages we sent them;</li>
                <li>keeps payments, refunds and revenue, no longer naming them.</li>
              </ul>
              <p>The Activity log records that you erased them, not what was erased.</p>
            </div>
          </AlertDialogDescription>
        </AlertDialogHeader>
        <form
          className="grid gap-2"
          onSubmit={(event) => {
            event.preventDefault()
            if (!isConfirmed) return
            erase.mutate({ confirm }, { onSuccess: () => setIsOpen(false) })
          }}
        >
          <Label htmlFor={inputId}>Type {person.subscriptionId} to confirm</Label>
          <Input
            id={inputId}
            value={confirm}
            autoComplete="off"
            spellCheck={false}
            onChange={(event) => setConfirm(event.target.value)}
          />
          <AlertDialogFooter className="mt-2">
            <AlertDialogCancel>Cancel</AlertDialogCancel>
            <Button type="submit" variant="destructive" disabled={!isConfirmed || erase.isPending}>
              Erase person
            </Button>
          </AlertDialogFooter>
        </form>
      </AlertDialogContent>
    </AlertDialog>
  )
}
