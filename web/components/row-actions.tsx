import { Pencil } from 'lucide-react'
import type { ReactNode } from 'react'
import { ConfirmIconButton } from '@/components/confirm-button'
import { Button } from '@/components/ui/button'

type RowActionsProps = {
  /** What the row is, for the buttons' accessible names ("Edit Starter"). */
  name: string
  onEdit: () => void
  deleteTitle: string
  deleteDescription: ReactNode
  onDelete: () => void
  isDeleting: boolean
  /** Further actions, shown before Edit. */
  children?: ReactNode
}

/** A table row's Edit and Delete buttons; Delete asks for confirmation first. */
export function RowActions({
  name,
  onEdit,
  deleteTitle,
  deleteDescription,
  onDelete,
  isDeleting,
  children,
}: RowActionsProps) {
  return (
    <div className="flex items-center justify-end gap-1">
      {children}
      <Button variant="ghost" size="icon" aria-label={`Edit ${name}`} title="Edit" onClick={onEdit}>
        <Pencil aria-hidden />
      </Button>
      <ConfirmIconButton
        label={`Delete ${name}`}
        title={deleteTitle}
        description={deleteDescription}
        confirmLabel="Delete"
        onConfirm={onDelete}
        isPending={isDeleting}
      />
    </div>
  )
}
