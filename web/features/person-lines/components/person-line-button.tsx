import { Tv } from 'lucide-react'
import { useState } from 'react'
import { Button } from '@/components/ui/button'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog'
import { PersonLinePanel, type PersonLinePanelProps } from './person-line-panel'

type PersonLineButtonProps = PersonLinePanelProps & { name: string }

/** An icon button opening the person's line on the supplier panel in a dialog. */
export function PersonLineButton({ name, ...panel }: PersonLineButtonProps) {
  const [isOpen, setIsOpen] = useState(false)
  return (
    <Dialog open={isOpen} onOpenChange={setIsOpen}>
      <DialogTrigger asChild>
        <Button
          variant="ghost"
          size="icon"
          aria-label={`Line of ${name}`}
          title="Line on the panel"
        >
          <Tv aria-hidden />
        </Button>
      </DialogTrigger>
      <DialogContent className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>Line of {name}</DialogTitle>
          <DialogDescription>
            The login on the supplier panel, to send with the instructions.
          </DialogDescription>
        </DialogHeader>
        {isOpen && <PersonLinePanel {...panel} />}
      </DialogContent>
    </Dialog>
  )
}
