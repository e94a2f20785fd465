import { and, asc, getTableColumns, gt, ne, type SQL } from 'drizzle-orm'
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core'
import { Readable } from 'node:stream'
import type { Db } from '../../db/client'
import { auditLog } from '../../db/schema/audit-log'
import { blogPosts } from '../../db/schema/blog-posts'
import { chatMessages } from '../../db/schema/chat-messages'
import { discounts } from '../../db/schema/discounts'
import { m3uLines } from '../../db/schema/m3u-lines'
import { notifications } from '../../db/schema/notifications'
import { panelCalls } from '../../db/schema/panel-calls'
import { plans } from '../../db/schema/plans'
import { settings } from '../../db/schema/settings'
import { subscriptionRenewals } from '../../db/schema/subscription-renewals'
import { supportTickets } from '../../db/schema/support-tickets'
import { trialRequests } from '../../db/schema/trial-requests'
import { users } from '../../db/schema/users'
import { linePasswordSecretKey } from '../m3u/line-password-secret'

const batchSize = 1000

// Password hashes, two-factor secrets, the line password secret, sessions and rate-limit windows
// are deliberately not part of a backup.
const {
  password: _password,
  totpSecret: _totpSecret,
  totpPendingSecret: _totpPendingSecret,
  totpLastStep: _totpLastStep,
  ...userColumns
} = getTableColumns(users)

const tables: {
  name: string
  table: PgTable
  id: PgColumn
  columns?: Record<string, PgColumn>
  /** Which rows, where not all. */
  only?: SQL
}[] = [
  { name: 'users', table: users, id: users.id, columns: userColumns },
  { name: 'plans', table: plans, id: plans.id },
  { name: 'discounts', table: discounts, id: discounts.id },
  { name: 'trial_requests', table: trialRequests, id: trialRequests.id },
  { name: 'subscription_renewals', table: subscriptionRenewals, id: subscriptionRenewals.id },
  { name: 'support_tickets', table: supportTickets, id: supportTickets.id },
  { name: 'chat_messages', table: chatMessages, id: chatMessages.id },
  { name: 'notifications', table: notifications, id: notifications.id },
  { name: 'blog_posts', table: blogPosts, id: blogPosts.id },
  { name: 'm3u_lines', table: m3uLines, id: m3uLines.id },
  { name: 'panel_calls', table: panelCalls, id: panelCalls.id },
  {
    name: 'settings',
    table: settings,
    id: settings.key,
    only: ne(settings.key, linePasswordSecretKey),
  },
  { name: 'audit_log', table: auditLog, id: auditLog.id },
]

async function* backupChunks(db: Db, now: Date): AsyncGenerator<string> {
  yield `{"format":"streamline-backup","version":1,"exportedAt":${JSON.stringify(now.toISOString())},"tables":{`
  for (const [index, { name, table, id, columns, only }] of tables.entries()) {
    yield `${index ? ',' : ''}${JSON.stringify(name)}:[`
    let last: unknown = null
    let isFirst = true
    for (;;) {
      const query = columns ? db.select(columns).from(table) : db.select().from(table)
      const rows: Record<string, unknown>[] = await query
        .where(and(only, last === null ? undefined : gt(id, last)))
        .orderBy(asc(id))
        .limit(batchSize)
      for (const row of rows) {
        yield `${isFirst ? '' : ','}${JSON.stringify(row)}`
        isFirst = false
      }
      if (rows.length < batchSize) break
      last = rows.at(-1)![id.name === 'key' ? 'key' : 'id']
    }
    yield ']'
  }
  yield '}}'
}

/** Everything an operator needs to restore or audit the business, as one streamed JSON file. */
export function backupJson(db: Db, now: Date): Readable {
  return Readable.from(backupChunks(db, now))
}

export const backupFileName = (now: Date) =>
  `backup-${now.toISOString().slice(0, 19).replaceAll(':', '-')}Z.json`
