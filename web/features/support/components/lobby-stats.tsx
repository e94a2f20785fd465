import type { LobbyTicket } from '@common/support'

type LobbyStatsProps = { chats: LobbyTicket[] | undefined; total: number | undefined }

/** Total tickets, active chats, urgent ones among them and unread customer messages. */
export function LobbyStats({ chats, total }: LobbyStatsProps) {
  const show = (value: number | undefined) => (value === undefined ? '–' : String(value))
  const stats = [
    { label: 'Total', value: show(total) },
    { label: 'Active', value: show(chats?.length) },
    {
      label: 'Urgent',
      value: show(chats?.filter((chat) => chat.priority === 'urgent').length),
    },
    {
      label: 'Unread',
      value: show(chats?.reduce((sum, chat) => sum + chat.unreadCount, 0)),
    },
  ]
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
      {stats.map(({ label, value }) => (
        <div key={label} className="rounded-lg border bg-background px-4 py-3">
          <dt className="text-xs font-medium tracking-wide text-muted-foreground uppercase">
            {label}
          </dt>
          <dd
            className="text-2xl font-bold tabular-nums"
            data-testid={`lobby-${label.toLowerCase()}`}
          >
            {value}
          </dd>
        </div>
      ))}
    </dl>
  )
}
