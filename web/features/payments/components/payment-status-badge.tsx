import type { PaymentStatus } from '@common/payments'
import { Badge } from '@/components/ui/badge'
import { ToneBadge, type Tone } from '@/components/tone-badge'
import { statusLabels } from '../payment-labels'

// Coloured where an operator must notice; the label always says it too.
const tones: Partial<Record<PaymentStatus, Tone>> = {
  paid: 'good',
  needs_review: 'poor',
  failed: 'poor',
  partially_refunded: 'fair',
}

export function PaymentStatusBadge({ status }: { status: PaymentStatus }) {
  const tone = tones[status]
  const label = statusLabels[status]
  return tone ? (
    <ToneBadge tone={tone}>{label}</ToneBadge>
  ) : (
    <Badge variant="outline">{label}</Badge>
  )
}
