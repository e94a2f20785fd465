import { useState, type ReactNode } from 'react'
import { Button } from '@/components/ui/button'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog'

type DialogIconButtonProps = {
  icon: ReactNode
  /** The button's accessible name and the dialog's title. */
  label: string
  /** The button's tooltip, shorter than the label. */
  title: string
  description: string
  /** Rendered only while open, so its queries run when someone looks. */
  children: ReactNode
}

/** A row's icon button opening a wide dialog about that row. */
export function DialogIconButton({
  icon,
  label,
  title,
  description,
  children,
}: DialogIconButtonProps) {
  const [isOpen, setIsOpen] = useState(false)
  return (
    <Dialog open={isOpen} onOpenChange={setIsOpen}>
      <DialogTrigger asChild>
        <Button variant="ghost" size="icon" aria-label={label} title={title}>
          {icon}
        </Button>
      </DialogTrigger>
      <DialogContent className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{label}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {isOpen && children}
      </DialogContent>
    </Dialog>
  )
}
