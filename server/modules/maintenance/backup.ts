import { and, asc, getTableColumns, notInArray, sql, type SQL } from 'drizzle-orm'
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core'
import { Readable } from 'node:stream'
import type { Db } from '../../db/client'
import { auditLog } from '../../db/schema/audit-log'
import { autoRenewals } from '../../db/schema/auto-renewals'
import { blogPosts } from '../../db/schema/blog-posts'
import { chatMessages } from '../../db/schema/chat-messages'
import { customerActivity } from '../../db/schema/customer-activity'
import { discountRedemptions } from '../../db/schema/discount-redemptions'
import { discounts } from '../../db/schema/discounts'
import { legalPages } from '../../db/schema/legal-pages'
import { m3uLines } from '../../db/schema/m3u-lines'
import { mailBounces } from '../../db/schema/mail-bounces'
import { messagePreferences } from '../../db/schema/message-preferences'
import { messageReminders } from '../../db/schema/message-reminders'
import { messageTemplates } from '../../db/schema/message-templates'
import { notifications } from '../../db/schema/notifications'
import { outboxMessages } from '../../db/schema/outbox-messages'
import { panelCalls } from '../../db/schema/panel-calls'
import { paymentEvents } from '../../db/schema/payment-events'
import { paymentRefunds } from '../../db/schema/payment-refunds'
import { payments } from '../../db/schema/payments'
import { personNotes } from '../../db/schema/person-notes'
import { plans } from '../../db/schema/plans'
import { receiptNumbers } from '../../db/schema/receipt-numbers'
import { renewalAttempts } from '../../db/schema/renewal-attempts'
import { savedReplies } from '../../db/schema/saved-replies'
import { settings } from '../../db/schema/settings'
import { stripeCustomers } from '../../db/schema/stripe-customers'
import { subscriptionRenewals } from '../../db/schema/subscription-renewals'
import { supportTickets } from '../../db/schema/support-tickets'
import { telegramBindings } from '../../db/schema/telegram'
import { ticketNotes } from '../../db/schema/ticket-notes'
import { trialAutostarts } from '../../db/schema/trial-autostarts'
import { trialRequests } from '../../db/schema/trial-requests'
import { users } from '../../db/schema/users'
import { linePasswordSecretKey } from '../m3u/line-password-secret'
import { backupStateKey } from './backup-state'

const batchSize = 1000

/**
 * The file's format. 1: the first export (with people's live credentials); 2: without them;
 * 3: also legal pages, mail bounces and customers' activity. A restore reads this version and
 * the ones before it (decision 0051).
 */
export const backupFormatVersion = 3

// Password hashes (and one-time codes), two-factor secrets, the line password secret, sessions
// and rate-limit windows are deliberately not part of a backup.
const {
  password: _password,
  totpSecret: _totpSecret,
  totpPendingSecret: _totpPendingSecret,
  totpLastStep: _totpLastStep,
  passwordCodeExpiresAt: _passwordCodeExpiresAt,
  ...userColumns
} = getTableColumns(users)

// Nor are live credentials, so that a leaked backup opens nothing. Whoever holds a start token
// binds a chat to its person, an unsubscribe token stops their reminders, and a line password
// (also inside the playlist URL) watches on their line. The app makes tokens again on demand
// (a start link for a person without one, an unsubscribe link with the first reminder); the panel
// keeps every line's password, and resetting it issues a new one.
const { startToken: _startToken, ...telegramBindingColumns } = getTableColumns(telegramBindings)
const { unsubscribeToken: _unsubscribeToken, ...messagePreferenceColumns } =
  getTableColumns(messagePreferences)
// The playlist URL stays, its password cut out: a restore keeps the panel's address.
const {
  password: _linePassword,
  panelPassword: _panelPassword,
  ...lineColumns
} = {
  ...getTableColumns(m3uLines),
  m3uUrl: sql<string>`regexp_replace(${m3uLines.m3uUrl}, '([?&]password=)[^&]*', '\\1', 'g')`,
}

export interface BackupTable {
  name: string
  table: PgTable
  /** The properties of the primary key, in order: the export pages through rows by them. */
  key: string[]
  columns?: Record<string, PgColumn | SQL>
  /** Which rows, where not all. */
  only?: SQL
}

// Left out besides (restore-tables.ts says why, table by table): counts kept by triggers, what
// the next supplier sync finds again, sessions, sign-in links, recovery code hashes, rate limits,
// the Telegram updates already handled, a day's import problems, and the panel's activity log
// with the sharing signals made from it (read from the panel again). In an order a restore can
// insert them in: each table after those it refers to.
export const backupTables: BackupTable[] = [
  { name: 'users', table: users, key: ['id'], columns: userColumns },
  { name: 'plans', table: plans, key: ['id'] },
  { name: 'discounts', table: discounts, key: ['id'] },
  { name: 'trial_requests', table: trialRequests, key: ['id'] },
  { name: 'person_notes', table: personNotes, key: ['id'] },
  { name: 'trial_autostarts', table: trialAutostarts, key: ['personId'] },
  { name: 'subscription_renewals', table: subscriptionRenewals, key: ['id'] },
  { name: 'auto_renewals', table: autoRenewals, key: ['trialRequestId'] },
  // Stripe's ids of the customer and its saved card, and the card's brand, last 4 and expiry.
  { name: 'stripe_customers', table: stripeCustomers, key: ['trialRequestId'] },
  // Money records with the providers' own ids (and checkout URLs, which open nothing but a page
  // to pay): every payment stays traceable. No provider key or webhook secret is in a table.
  { name: 'payments', table: payments, key: ['id'] },
  { name: 'renewal_attempts', table: renewalAttempts, key: ['paymentId', 'number'] },
  { name: 'payment_refunds', table: paymentRefunds, key: ['id'] },
  { name: 'payment_events', table: paymentEvents, key: ['id'] },
  { name: 'discount_redemptions', table: discountRedemptions, key: ['id'] },
  // The last receipt number given: a restore goes on from it, without gaps or repeats.
  { name: 'receipt_numbers', table: receiptNumbers, key: ['id'] },
  { name: 'support_tickets', table: supportTickets, key: ['id'] },
  { name: 'chat_messages', table: chatMessages, key: ['id'] },
  { name: 'ticket_notes', table: ticketNotes, key: ['id'] },
  { name: 'saved_replies', table: savedReplies, key: ['id'] },
  { name: 'notifications', table: notifications, key: ['id'] },
  { name: 'blog_posts', table: blogPosts, key: ['id'] },
  { name: 'm3u_lines', table: m3uLines, key: ['id'], columns: lineColumns },
  { name: 'panel_calls', table: panelCalls, key: ['id'] },
  { name: 'message_templates', table: messageTemplates, key: ['kind'] },
  { name: 'outbox_messages', table: outboxMessages, key: ['id'] },
  {
    name: 'message_reminders',
    table: messageReminders,
    key: ['trialRequestId', 'kind', 'offsetMinutes', 'periodEnd'],
  },
  {
    name: 'message_preferences',
    table: messagePreferences,
    key: ['trialRequestId'],
    columns: messagePreferenceColumns,
  },
  {
    name: 'telegram_bindings',
    table: telegramBindings,
    key: ['personId'],
    columns: telegramBindingColumns,
  },
  {
    name: 'settings',
    table: settings,
    key: ['key'],
    // Nor the record of the backup files themselves, which describes files, not the business.
    only: notInArray(settings.key, [linePasswordSecretKey, backupStateKey]),
  },
  { name: 'legal_pages', table: legalPages, key: ['id'] },
  { name: 'mail_bounces', table: mailBounces, key: ['mailbox'] },
  { name: 'customer_activity', table: customerActivity, key: ['id'] },
  { name: 'audit_log', table: auditLog, key: ['id'] },
]

/** Rows after the last one read, by the whole primary key: `(a, b) > ($1, $2)`. */
function after(key: PgColumn[], last: Record<string, unknown>, properties: string[]): SQL {
  const values = key.map((column, index) => sql.param(last[properties[index]!], column))
  return sql`(${sql.join(key, sql`, `)}) > (${sql.join(values, sql`, `)})`
}

async function* backupChunks(db: Db, now: Date): AsyncGenerator<string> {
  yield `{"format":"streamline-backup","version":${backupFormatVersion},"exportedAt":${JSON.stringify(now.toISOString())},"tables":{`
  for (const [index, { name, table, key: properties, columns, only }] of backupTables.entries()) {
    yield `${index ? ',' : ''}${JSON.stringify(name)}:[`
    const allColumns = getTableColumns(table)
    const key = properties.map((property) => allColumns[property]!)
    let last: Record<string, unknown> | undefined
    let isFirst = true
    for (;;) {
      const query = columns ? db.select(columns).from(table) : db.select().from(table)
      const rows: Record<string, unknown>[] = await query
        .where(and(only, last && after(key, last, properties)))
        .orderBy(...key.map((column) => asc(column)))
        .limit(batchSize)
      for (const row of rows) {
        yield `${isFirst ? '' : ','}${JSON.stringify(row)}`
        isFirst = false
      }
      if (rows.length < batchSize) break
      last = rows.at(-1)
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
