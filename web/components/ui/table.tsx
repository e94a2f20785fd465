import type { ComponentProps } from 'react'
import { cn } from '@/lib/utils'

// On phones each row becomes a card: the headings are left to screen readers, the first cell
// (the record's name) and the last (its actions) span the card, and every other cell shows its
// column's name from `data-label` above its value.
const cardsOnPhone = [
  'max-sm:block max-sm:[&_tbody]:grid max-sm:[&_tbody]:gap-3 max-sm:[&_thead]:sr-only',
  'max-sm:[&_tbody_tr]:grid max-sm:[&_tbody_tr]:grid-cols-2 max-sm:[&_tbody_tr]:gap-x-4 max-sm:[&_tbody_tr]:gap-y-3 max-sm:[&_tbody_tr]:rounded-lg max-sm:[&_tbody_tr]:border! max-sm:[&_tbody_tr]:p-3',
  'max-sm:[&_td]:block max-sm:[&_td]:min-w-0 max-sm:[&_td]:text-left max-sm:[&_td]:p-0 max-sm:[&_td]:whitespace-normal max-sm:[&_td:first-child]:col-span-2 max-sm:[&_td:last-child]:col-span-2',
  'max-sm:[&_td[data-label]]:before:mb-1 max-sm:[&_td[data-label]]:before:block max-sm:[&_td[data-label]]:before:text-xs max-sm:[&_td[data-label]]:before:font-medium max-sm:[&_td[data-label]]:before:text-muted-foreground max-sm:[&_td[data-label]]:before:content-[attr(data-label)]',
].join(' ')

type TableProps = ComponentProps<'table'> & {
  /** Rows become cards below 640 px; give each cell but the first and last a `data-label`. */
  isCardsOnPhone?: boolean
}

/** A table that scrolls sideways inside its container on narrow screens, or turns into cards. */
export function Table({ className, isCardsOnPhone = false, ...props }: TableProps) {
  return (
    <div className="relative w-full overflow-x-auto">
      <table
        className={cn('w-full caption-bottom text-sm', isCardsOnPhone && cardsOnPhone, className)}
        {...props}
      />
    </div>
  )
}

export function TableHeader({ className, ...props }: ComponentProps<'thead'>) {
  return <thead className={cn('[&_tr]:border-b', className)} {...props} />
}

export function TableBody({ className, ...props }: ComponentProps<'tbody'>) {
  return <tbody className={cn('[&_tr:last-child]:border-0', className)} {...props} />
}

export function TableRow({ className, ...props }: ComponentProps<'tr'>) {
  return <tr className={cn('border-b transition-colors hover:bg-muted/50', className)} {...props} />
}

export function TableHead({ className, ...props }: ComponentProps<'th'>) {
  return (
    <th
      className={cn(
        'h-10 px-3 text-left align-middle font-medium whitespace-nowrap text-muted-foreground',
        className,
      )}
      {...props}
    />
  )
}

export function TableCell({ className, ...props }: ComponentProps<'td'>) {
  return <td className={cn('p-3 align-middle whitespace-nowrap', className)} {...props} />
}

export function TableCaption({ className, ...props }: ComponentProps<'caption'>) {
  return <caption className={cn('mt-4 text-sm text-muted-foreground', className)} {...props} />
}
