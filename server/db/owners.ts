/**
 * The one module that writes each table (decision 0046). Any other module that needs a row
 * changed calls the owner's exported command: a function taking the database or the caller's
 * transaction, then its input. `server/db/owners.test.ts` reads every insert, update and delete
 * of the server's code (drizzle's and raw SQL's) and fails on a write from anyone else.
 *
 * An owner is a folder of `server/modules/`, or a top-level server folder (`lib`). A table whose
 * rows are kept by database triggers only is owned by the module that defines what they count.
 */
export const tableOwners = {
  admin_recovery_codes: 'auth',
  admin_sessions: 'auth',
  audit_log: 'audit',
  auto_renewals: 'subscriptions',
  blog_posts: 'blog',
  business_metric_months: 'business-metrics',
  business_metric_person_months: 'business-metrics',
  business_metric_state: 'business-metrics',
  chat_messages: 'support',
  compensation_items: 'compensations',
  compensations: 'compensations',
  customer_activity: 'customer-account',
  customer_sessions: 'customer-account',
  customer_sign_in_tokens: 'sign-in-links',
  discount_redemptions: 'discounts',
  discounts: 'discounts',
  import_problems: 'imports',
  legal_pages: 'legal-pages',
  line_activity: 'm3u',
  line_activity_reads: 'm3u',
  line_sharing: 'm3u',
  m3u_lines: 'm3u',
  mail_bounces: 'messages',
  message_preferences: 'messages',
  message_reminders: 'messages',
  message_templates: 'messages',
  notifications: 'notifications',
  outbox_messages: 'messages',
  panel_calls: 'm3u',
  payment_events: 'payments',
  payment_refunds: 'payments',
  payments: 'payments',
  person_notes: 'people',
  plans: 'plans',
  rate_limits: 'rate-limits',
  receipt_numbers: 'payments',
  renewal_attempts: 'payments',
  renewal_rounds: 'payments',
  revenue_months: 'business-metrics',
  saved_replies: 'support',
  settings: 'settings',
  subscription_renewals: 'subscriptions',
  subscription_status_counts: 'business-metrics',
  supplier_drift: 'm3u',
  supplier_state: 'm3u',
  stripe_customers: 'payments',
  support_tickets: 'support',
  telegram_bindings: 'telegram',
  telegram_updates: 'telegram',
  ticket_notes: 'support',
  trial_autostarts: 'trial-requests',
  trial_requests: 'trial-requests',
  users: 'admins',
} as const satisfies Record<string, string>

/**
 * Columns of a table that another module owns. A person's row is the contact's
 * (`trial-requests`), its subscription `subscriptions`' (decision 0027); an admin's account is
 * `admins`', its credentials `auth`'s and its name in support `support`'s. The table's owner
 * creates the row with any column but changes none of these afterwards; their owner only
 * updates these (and `updatedAt`), naming them where it writes them.
 */
export const columnOwners: Record<string, Record<string, readonly string[]>> = {
  trial_requests: {
    subscriptions: [
      'subscriptionStatus',
      'paidPlan',
      'subscriptionPrice',
      'subscriptionStartDate',
      'subscriptionEndDate',
      'scheduledPaidPlan',
      'scheduledPlanFrom',
    ],
  },
  users: {
    auth: [
      'password',
      'passwordChangedAt',
      'passwordCodeExpiresAt',
      'totpSecret',
      'totpPendingSecret',
      'totpLastStep',
    ],
    support: ['supportDisplayName'],
  },
}

/** Columns every writer of a row may set with its change. */
export const bookkeepingColumns: readonly string[] = ['updatedAt']

/**
 * The declared exceptions, each writing every table at once in one transaction: erasing a person
 * on request (decision 0031) removes or blanks their rows; a restore and a move to PostgreSQL
 * (decision 0051) load whole tables into an empty database, with the product stopped.
 */
export const mayWriteAnyTable: readonly string[] = [
  'modules/privacy/person-erase.service.ts',
  'modules/maintenance/restore-backup.ts',
  'db/copy-tables.ts',
]
