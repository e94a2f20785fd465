import type { LucideIcon } from 'lucide-react'
import type { ComponentProps } from 'react'
import { Button } from '@/components/ui/button'

/** A row of a table has room for icons; the customer view spells each action out. */
export type ActionDisplay = 'icon' | 'labelled'

type ActionTriggerProps = ComponentProps<typeof Button> & {
  display: ActionDisplay
  icon: LucideIcon
  /** The action ("Convert to paid"): the labelled button's text, the icon's tooltip. */
  label: string
  /** The icon button's accessible name, naming the person ("Convert Ada Lovelace to paid"). */
  iconLabel: string
  isDestructive?: boolean
}

/** An action's button, as an icon or with its label; props pass through (dialog triggers). */
export function ActionTrigger({
  display,
  icon: Icon,
  label,
  iconLabel,
  isDestructive = false,
  ...props
}: ActionTriggerProps) {
  if (display === 'icon') {
    return (
      <Button
        variant={isDestructive ? 'ghost-destructive' : 'ghost'}
        size="icon"
        aria-label={iconLabel}
        title={label}
        {...props}
      >
        <Icon aria-hidden />
      </Button>
    )
  }
  return (
    <Button variant={isDestructive ? 'destructive' : 'outline'} {...props}>
      <Icon aria-hidden />
      {label}
    </Button>
  )
}
