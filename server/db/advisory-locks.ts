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
} as const
