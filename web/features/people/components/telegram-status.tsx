import type { TelegramBinding } from '@common/telegram'
import { formatDateTime } from '@/lib/format'
import { useTelegramBinding } from '../api/get-telegram-binding'

function bindingText({ isEnabled, status, boundAt }: TelegramBinding): string {
  if (status === 'bound') return `Connected since ${boundAt ? formatDateTime(boundAt) : 'now'}`
  if (status === 'stopped') return 'Stopped (sent /stop, or blocked the bot)'
  return isEnabled ? 'Not connected' : 'Telegram is off on this server'
}

/** Whether the person's messages also go to their Telegram chat. */
export function TelegramStatus({ personId }: { personId: string }) {
  const { data, isPending, isError } = useTelegramBinding(personId)
  if (isPending) return <span className="text-muted-foreground">Checking…</span>
  if (isError) return <span className="text-destructive">Could not be checked</span>
  return <span>{bindingText(data)}</span>
}
