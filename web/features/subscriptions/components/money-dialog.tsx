import type { ReactNode } from 'react'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog'

type MoneyDialogProps = {
  isOpen: boolean
  onOpenChange: (isOpen: boolean) => void
  /** The button that opens it; focus returns to it on close. */
  trigger: ReactNode
  title: string
  description: ReactNode
  /** The form, or what it answered (a pay link). */
  children: ReactNode
}

/** The frame every money dialog shares: its button, title and what it will do. */
export function MoneyDialog({
  isOpen,
  onOpenChange,
  trigger,
  title,
  description,
  children,
}: MoneyDialogProps) {
  return (
    <Dialog open={isOpen} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {children}
      </DialogContent>
    </Dialog>
  )
}
