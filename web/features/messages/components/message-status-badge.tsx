import type { MessageStatus } from '@common/messages'
import { Badge } from '@/components/ui/badge'

const looks: Record<
  MessageStatus,
  { label: string; variant: 'secondary' | 'destructive' | 'outline' | 'accent' }
> = {
  queued: { label: 'Queued', variant: 'outline' },
  sending: { label: 'Sending', variant: 'outline' },
  sent: { label: 'Sent', variant: 'secondary' },
  failed: { label: 'Failed', variant: 'destructive' },
  skipped: { label: 'Not needed', variant: 'accent' },
}

export function MessageStatusBadge({ status }: { status: MessageStatus }) {
  const { label, variant } = looks[status]
  return <Badge variant={variant}>{label}</Badge>
}
