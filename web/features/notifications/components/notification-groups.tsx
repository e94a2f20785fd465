import { useId } from 'react'
import {
  notificationHref,
  notificationKindLabel,
  notificationKindRank,
  type Notification,
} from '@common/notifications'
import { Button } from '@/components/ui/button'
import { useNotifications } from '../notification-context'
import { NotificationItem } from './notification-item'

type Group = { type: string; label: string; notifications: Notification[] }

/** The notifications by kind, in the bell's order of kinds; newest first inside each. */
function groupByKind(notifications: Notification[]): Group[] {
  const groups = new Map<string, Group>()
  for (const notification of notifications) {
    const label = notificationKindLabel(notification.type)
    const group = groups.get(label) ?? { type: notification.type, label, notifications: [] }
    group.notifications.push(notification)
    groups.set(label, group)
  }
  return [...groups.values()].sort(
    (a, b) => notificationKindRank(a.type) - notificationKindRank(b.type),
  )
}

function KindGroup({ group, now }: { group: Group; now: number }) {
  const center = useNotifications()
  const headingId = useId()
  const unread = group.notifications.filter(({ read }) => !read).length
  // "Other" gathers unknown kinds, which cannot be marked read as one.
  const canMarkKind = unread > 0 && group.label !== notificationKindLabel('')
  return (
    <section aria-labelledby={headingId}>
      <div className="flex items-center gap-2 bg-muted/60 px-4 py-1.5">
        <h3 id={headingId} className="flex-1 text-xs font-semibold text-muted-foreground uppercase">
          {group.label}
          {unread > 0 && <span className="font-normal normal-case"> · {unread} unread</span>}
        </h3>
        {canMarkKind && (
          <Button
            variant="ghost"
            size="sm"
            className="h-7 px-2 text-xs"
            onClick={() => center.markAllRead(group.type)}
            disabled={center.isMarkingAllRead}
            aria-label={`Mark ${group.label.toLowerCase()} read`}
          >
            Mark read
          </Button>
        )}
      </div>
      <ul className="divide-y">
        {group.notifications.map((notification) => (
          <NotificationItem
            key={notification.id}
            notification={notification}
            now={now}
            href={notificationHref(notification)}
            onMarkRead={center.markRead}
          />
        ))}
      </ul>
    </section>
  )
}

/** An admin's bell: one group per kind, each linking to its trial request or ticket. */
export function NotificationGroups({ now }: { now: number }) {
  const center = useNotifications()
  return (
    <div className="max-h-[min(28rem,70dvh)] divide-y overflow-y-auto">
      {groupByKind(center.notifications).map((group) => (
        <KindGroup key={group.label} group={group} now={now} />
      ))}
    </div>
  )
}
