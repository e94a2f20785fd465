import type { CheckoutAnswer } from '@common/payments'
import { CopyButton } from '@/components/copy-button'
import { Button } from '@/components/ui/button'
import { DialogFooter } from '@/components/ui/dialog'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { formatMoneyIn } from '@/lib/format'

/** The link made, to send to the customer. */
export function CheckoutLink({ answer, onDone }: { answer: CheckoutAnswer; onDone: () => void }) {
  return (
    <div className="grid gap-4">
      <p className="text-sm">
        The customer pays{' '}
        <strong className="tabular-nums">{formatMoneyIn(answer.amount, answer.currency)}</strong> on
        this page; their subscription is extended as soon as the payment arrives.
      </p>
      <div className="grid gap-2">
        <Label htmlFor="pay-link-url">Pay link</Label>
        <Input
          id="pay-link-url"
          readOnly
          value={answer.checkoutUrl}
          className="font-mono text-xs"
        />
      </div>
      <DialogFooter>
        <CopyButton value={answer.checkoutUrl} copiedDescription="Pay link copied" size="default">
          Copy
        </CopyButton>
        <Button onClick={onDone}>Done</Button>
      </DialogFooter>
    </div>
  )
}
