/**
 * Every PostgreSQL advisory lock the server takes with one key, in one place: two jobs that share
 * an id by accident exclude each other (the Telegram poller, holding its lock while it polls, once
 * kept panel expiry from ever running). Two-key locks (`pg_advisory_xact_lock(int, int)`) live in
 * a separate key space.
 */
export const advisoryLockIds = {
  migration: 7_340_211,
  subscriptionExpiry: 7_340_212,
  telegramPoller: 7_340_213,
  panelExpiry: 7_340_214,
  trialIdentityRefresh: 7_340_215,
  // Taken in SQL by migration `business-metric-months`: shared by a person's recount, whole by a
  // rebuild or a large batch; 7_340_217 is the key space of its per-person two-key locks.
  businessMetrics: 7_340_216,
  businessMetricPeople: 7_340_217,
} as const
