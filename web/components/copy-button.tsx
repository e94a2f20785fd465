import { Copy } from 'lucide-react'
import type { ComponentProps } from 'react'
import { Button } from '@/components/ui/button'
import { copyToClipboard } from '@/lib/copy-to-clipboard'

type CopyButtonProps = Omit<ComponentProps<typeof Button>, 'onClick'> & {
  /** The text put on the clipboard. */
  value: string
  /** The toast's second line, saying what was copied. */
  copiedDescription?: string
}

/** A button that copies `value` to the clipboard and confirms with a toast. */
export function CopyButton({
  value,
  copiedDescription,
  children,
  variant = 'outline',
  size = 'sm',
  ...props
}: CopyButtonProps) {
  return (
    <Button
      variant={variant}
      size={size}
      onClick={() => void copyToClipboard(value, copiedDescription)}
      {...props}
    >
      <Copy aria-hidden />
      {children}
    </Button>
  )
}
