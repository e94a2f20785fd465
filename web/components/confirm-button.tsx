import { Trash2, type LucideIcon } from 'lucide-react'
import type { ReactNode } from 'react'
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '@/components/ui/alert-dialog'
import { Button } from '@/components/ui/button'

type ConfirmButtonProps = {
  /** The button that asks; it gets focus back when the dialog closes. */
  children: ReactNode
  title: string
  description: ReactNode
  confirmLabel: string
  onConfirm: () => void
}

/** A button whose action runs only after the confirmation dialog's destructive answer. */
export function ConfirmButton({
  children,
  title,
  description,
  confirmLabel,
  onConfirm,
}: ConfirmButtonProps) {
  return (
    <AlertDialog>
      <AlertDialogTrigger asChild>{children}</AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription>{description}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Cancel</AlertDialogCancel>
          <AlertDialogAction onClick={onConfirm}>{confirmLabel}</AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  )
}

type ConfirmIconButtonProps = Omit<ConfirmButtonProps, 'children'> & {
  /** The button's accessible name, naming what it removes ("Delete Starter"). */
  label: string
  /** The tooltip; the confirm label when absent. */
  tooltip?: string
  icon?: LucideIcon
  isPending: boolean
}

/** A red icon button (a bin by default) that removes something after confirmation. */
export function ConfirmIconButton({
  label,
  tooltip,
  icon: Icon = Trash2,
  isPending,
  ...confirm
}: ConfirmIconButtonProps) {
  return (
    <ConfirmButton {...confirm}>
      <Button
        variant="ghost-destructive"
        size="icon"
        aria-label={label}
        title={tooltip ?? confirm.confirmLabel}
        disabled={isPending}
      >
        <Icon aria-hidden />
      </Button>
    </ConfirmButton>
  )
}
