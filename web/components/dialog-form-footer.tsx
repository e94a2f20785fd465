import type { ReactNode } from 'react'
import { Button } from '@/components/ui/button'
import { DialogFooter } from '@/components/ui/dialog'
import { Spinner } from '@/components/ui/spinner'

type DialogFormFooterProps = {
  onCancel: () => void
  submitLabel: string
  isPending: boolean
  /** The submit button's icon, replaced by a spinner while the form is being sent. */
  icon?: ReactNode
  /** The form's id, when the footer stands outside it. */
  formId?: string
}

/** A dialog form's Cancel and submit buttons; the submit button shows progress. */
export function DialogFormFooter({
  onCancel,
  submitLabel,
  isPending,
  icon,
  formId,
}: DialogFormFooterProps) {
  return (
    <DialogFooter>
      <Button type="button" variant="outline" onClick={onCancel}>
        Cancel
      </Button>
      <Button type="submit" form={formId} disabled={isPending}>
        {isPending ? <Spinner /> : icon}
        {submitLabel}
      </Button>
    </DialogFooter>
  )
}
