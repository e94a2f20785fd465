type RenewTotalProps = {
  total: string
  listPrice: string
  discount: { code: string; amount: string } | null
  newEnd: string
  isUpdating: boolean
}

/** What the customer will pay and until when it will run, before the provider's page. */
export function RenewTotal({ total, listPrice, discount, newEnd, isUpdating }: RenewTotalProps) {
  return (
    <div
      className="grid gap-1 rounded-lg border bg-muted/40 p-4"
      aria-live="polite"
      aria-busy={isUpdating}
      data-testid="renew-total"
    >
      <p className="flex flex-wrap items-baseline justify-between gap-2">
        <span className="font-medium">Total to pay</span>
        <strong className="text-2xl tabular-nums">{total}</strong>
      </p>
      {discount && (
        <p className="text-sm text-muted-foreground">
          {listPrice} less {discount.amount} with code {discount.code}
        </p>
      )}
      <p className="text-sm">Your subscription will run until {newEnd}.</p>
    </div>
  )
}
