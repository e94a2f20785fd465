import { useRef, type ReactNode } from 'react'
import { DialogFormFooter } from '@/components/dialog-form-footer'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog'
import { cn } from '@/lib/utils'

type FormDialogProps = {
  isOpen: boolean
  onOpenChange: (isOpen: boolean) => void
  title: string
  description: string
  /** The id of the form inside; the footer's submit button sends it. */
  formId: string
  submitLabel: string
  isPending: boolean
  className?: string
  /** The form; it unmounts on close, so each opening starts afresh. */
  children: ReactNode
}

/** A create/edit dialog: title, the form, Cancel and a submit button that shows progress. */
export function FormDialog({
  isOpen,
  onOpenChange,
  title,
  description,
  formId,
  submitLabel,
  isPending,
  className,
  children,
}: FormDialogProps) {
  // Opened from many buttons (a row's Edit, a template), none a Dialog.Trigger: Radix would
  // return focus to nothing, so the button that opened it gets focus back.
  const openerRef = useRef<HTMLElement | null>(null)
  const handleOpenAutoFocus = () => {
    openerRef.current =
      document.activeElement instanceof HTMLElement ? document.activeElement : null
  }
  const handleCloseAutoFocus = (event: Event) => {
    if (!openerRef.current?.isConnected) return
    event.preventDefault()
    openerRef.current.focus()
  }

  return (
    <Dialog open={isOpen} onOpenChange={onOpenChange}>
      <DialogContent
        className={cn('sm:max-w-2xl', className)}
        onOpenAutoFocus={handleOpenAutoFocus}
        onCloseAutoFocus={handleCloseAutoFocus}
      >
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {children}
        <DialogFormFooter
          onCancel={() => onOpenChange(false)}
          submitLabel={submitLabel}
          isPending={isPending}
          formId={formId}
        />
      </DialogContent>
    </Dialog>
  )
}
