import { Tv } from 'lucide-react'
import { DialogIconButton } from '@/components/dialog-icon-button'
import { PersonLinePanel, type PersonLinePanelProps } from './person-line-panel'

type PersonLineButtonProps = PersonLinePanelProps & { name: string }

/** An icon button opening the person's line on the supplier panel in a dialog. */
export function PersonLineButton({ name, ...panel }: PersonLineButtonProps) {
  return (
    <DialogIconButton
      icon={<Tv aria-hidden />}
      label={`Line of ${name}`}
      title="Line on the panel"
      description="The login on the supplier panel, to send with the instructions."
    >
      <PersonLinePanel {...panel} />
    </DialogIconButton>
  )
}
