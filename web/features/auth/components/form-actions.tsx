import type { ReactNode } from 'react'
import { Button } from '@/components/ui/button'
import { Spinner } from '@/components/ui/spinner'

type FormActionsProps = {
  label: string
  icon: ReactNode
  isPending: boolean
  isDisabled: boolean
  isDestructive?: boolean
  onCancel?: () => void
}

/** An account form's submit button, a spinner in its icon's place while it is sent, and Cancel. */
export function FormActions({
  label,
  icon,
  isPending,
  isDisabled,
  isDestructive = false,
  onCancel,
}: FormActionsProps) {
  return (
    <div className="flex flex-wrap gap-2">
      <Button
        type="submit"
        variant={isDestructive ? 'destructive' : 'default'}
        disabled={isDisabled || isPending}
      >
        {isPending ? <Spinner /> : icon}
        {label}
      </Button>
      {onCancel && (
        <Button variant="outline" onClick={onCancel}>
          Cancel
        </Button>
      )}
    </div>
  )
}
