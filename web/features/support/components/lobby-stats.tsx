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
    <dl className="grid grid-cols-4 gap-2">
      {stats.map(({ label, value }) => (
        <div
          key={label}
          className="flex flex-wrap items-baseline justify-between gap-x-2 rounded-lg border bg-background px-3 py-1.5"
        >
          <dt className="text-xs font-medium tracking-wide text-muted-foreground uppercase">
            {label}
          </dt>
          <dd
            className="text-lg font-bold tabular-nums"
            data-testid={`lobby-${label.toLowerCase()}`}
          >
            {value}
          </dd>
        </div>
      ))}
    </dl>
  )
}
