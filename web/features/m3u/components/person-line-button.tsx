import { Tv } from 'lucide-react'
import { DialogIconButton } from '@/components/dialog-icon-button'
import { PersonLinePanel, type PersonLinePanelProps } from './person-line-panel'

type PersonLineButtonProps = Omit<PersonLinePanelProps, 'canChange'> & { name: string }

/**
 * An icon button opening the person's line on the supplier panel in a dialog. It lives in the
 * contacts list, which only admins open: the line's actions are theirs.
 */
export function PersonLineButton({ name, ...panel }: PersonLineButtonProps) {
  return (
    <DialogIconButton
      icon={<Tv aria-hidden />}
      label={`Line of ${name}`}
      title="Line on the panel"
      description="The login on the supplier panel, to send with the instructions."
    >
      <PersonLinePanel {...panel} canChange />
    </DialogIconButton>
  )
}
