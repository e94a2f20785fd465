import { z } from 'zod'

/** Trial length choices (24 h, 48 h, 7 days), in hours. */
export const trialDurations = [24, 48, 168] as const
export const maxStreamChoices = [1, 2, 3, 5] as const

/** An IANA time zone name that both Node and PostgreSQL know ("Europe/Berlin", "UTC"). */
export function isTimeZone(name: string): boolean {
  // Offsets such as "+02:00" are names to Intl, but PostgreSQL reads POSIX signs reversed.
  if (!/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/.test(name)) return false
  try {
    new Intl.DateTimeFormat('en', { timeZone: name })
    return true
  } catch {
    return false
  }
}

export const platformSettings = z.object({
  trialDurationHours: z.union(
    trialDurations.map((h) => z.literal(h)),
    {
      error: 'Trial duration must be 24h, 48h or 7d',
    },
  ),
  maxConcurrentStreams: z.union(
    maxStreamChoices.map((n) => z.literal(n)),
    {
      error: 'Max concurrent streams must be 1, 2, 3 or 5',
    },
  ),
  /** Trial autopilot: a trusted request gets its line and login with no admin (decision 0017). */
  // Off unless sent: settings stored before it existed, and clients that do not know it, keep it off.
  autoStartTrials: z
    .boolean({ error: 'Start trials automatically must be true or false' })
    .default(false),
  /** Where the business's calendar months begin and end, for the owner's numbers. */
  timeZone: z
    .string({ error: 'Time zone must be a name such as Europe/Berlin' })
    .trim()
    .refine(isTimeZone, 'Time zone must be a name such as Europe/Berlin or UTC')
    .default('UTC'),
})
export type PlatformSettings = z.infer<typeof platformSettings>

export const defaultPlatformSettings: PlatformSettings = {
  trialDurationHours: 24,
  maxConcurrentStreams: 2,
  autoStartTrials: false,
  timeZone: 'UTC',
}

/** Admin sign-in rules (super_admin only): session lifetimes and whether super admins need 2FA. */
export const securitySettings = z.object({
  sessionIdleMinutes: z
    .number({ error: 'Idle timeout must be a number of minutes' })
    .int('Idle timeout must be a whole number of minutes')
    .min(5, 'Idle timeout must be between 5 minutes and 24 hours')
    .max(24 * 60, 'Idle timeout must be between 5 minutes and 24 hours'),
  sessionAbsoluteDays: z
    .number({ error: 'Session lifetime must be a number of days' })
    .int('Session lifetime must be a whole number of days')
    .min(1, 'Session lifetime must be between 1 and 30 days')
    .max(30, 'Session lifetime must be between 1 and 30 days'),
  requireTwoFactorForSuperAdmins: z.boolean({
    error: 'Require two-factor sign-in must be true or false',
  }),
})
export type SecuritySettings = z.infer<typeof securitySettings>

export const defaultSecuritySettings: SecuritySettings = {
  sessionIdleMinutes: 120,
  sessionAbsoluteDays: 7,
  requireTwoFactorForSuperAdmins: false,
}

/** Business Settings for the trust assessment of trial requests (common/trial-trust.ts). */
export const trialTrustSettings = z.object({
  checksDisposableEmail: z.boolean({ error: 'Disposable e-mail check must be on or off' }),
  checksNetwork: z.boolean({ error: 'Network check must be on or off' }),
  networkRequestsPerDay: z
    .number({ error: 'Requests per network must be a number' })
    .int('Requests per network must be a whole number')
    .min(1, 'Requests per network must be between 1 and 1000')
    .max(1000, 'Requests per network must be between 1 and 1000'),
  checksEarlierTrial: z.boolean({ error: 'Earlier trial check must be on or off' }),
  checksGeneratedLooking: z.boolean({ error: 'Generated-looking check must be on or off' }),
  flagBelowScore: z
    .number({ error: 'Flag threshold must be a number' })
    .int('Flag threshold must be a whole number')
    .min(0, 'Flag threshold must be between 0 and 100')
    .max(100, 'Flag threshold must be between 0 and 100'),
})
export type TrialTrustSettings = z.infer<typeof trialTrustSettings>

export const defaultTrialTrustSettings: TrialTrustSettings = {
  checksDisposableEmail: true,
  checksNetwork: true,
  networkRequestsPerDay: 3,
  checksEarlierTrial: true,
  checksGeneratedLooking: true,
  flagBelowScore: 60,
}

/** Business Settings for the supplier panel: new lines' package, expiry grace, credit alert. */
export const supplierSettings = z.object({
  packageId: z
    .string({ error: 'Package ID must be text' })
    .trim()
    .max(100, 'Package ID must be at most 100 characters'),
  gracePeriodDays: z
    .number({ error: 'Grace period must be a number of days' })
    .int('Grace period must be a whole number of days')
    .min(0, 'Grace period must be between 0 and 90 days')
    .max(90, 'Grace period must be between 0 and 90 days'),
  creditAlertThreshold: z
    .number({ error: 'Credit alert threshold must be a number' })
    .int('Credit alert threshold must be a whole number')
    .min(0, 'Credit alert threshold must be between 0 and 1000000')
    .max(1_000_000, 'Credit alert threshold must be between 0 and 1000000'),
  /** Admins are told when the credits foreseen last fewer days than this. */
  creditDaysAlert: z
    .number({ error: 'Days of credits must be a number' })
    .int('Days of credits must be a whole number')
    .min(1, 'Days of credits must be between 1 and 365')
    .max(365, 'Days of credits must be between 1 and 365')
    .default(7),
  /** What one new line costs on the panel, for the alert below the cost of the next 10 lines. */
  creditsPerLine: z
    .number({ error: 'Credits per line must be a number' })
    .int('Credits per line must be a whole number')
    .min(0, 'Credits per line must be between 0 and 1000000')
    .max(1_000_000, 'Credits per line must be between 0 and 1000000')
    .default(1),
})
export type SupplierSettings = z.infer<typeof supplierSettings>

export const defaultSupplierSettings: SupplierSettings = {
  packageId: '',
  gracePeriodDays: 0,
  creditAlertThreshold: 10,
  creditDaysAlert: 7,
  creditsPerLine: 1,
}

const offsetList = (label: string, unit: string, max: number) =>
  z
    .array(
      z
        .number({ error: `${label} must be numbers of ${unit}` })
        .int(`${label} must be whole numbers of ${unit}`)
        .min(1, `${label} must be between 1 and ${max} ${unit}`)
        .max(max, `${label} must be between 1 and ${max} ${unit}`),
      { error: `${label} must be a list of numbers of ${unit}` },
    )
    .max(5, `${label} may hold at most 5 reminders`)
    .refine((list) => new Set(list).size === list.length, `${label} must not repeat a value`)

/** Business Settings for reminders before an end: how long before it each one goes. */
export const reminderSettings = z.object({
  subscriptionReminderDays: offsetList('Subscription reminders', 'days', 60),
  trialReminderHours: offsetList('Trial reminders', 'hours', 168),
  sendsExpiryMessage: z.boolean({ error: 'Message on expiry must be on or off' }),
})
export type ReminderSettings = z.infer<typeof reminderSettings>

export const defaultReminderSettings: ReminderSettings = {
  subscriptionReminderDays: [7, 3, 1],
  trialReminderHours: [3],
  sendsExpiryMessage: true,
}

/** Business Settings for automatic renewal (common/renewals.ts). */
export const renewalSettings = z.object({
  /** Days before a card is charged that the customer is told when, how much and on which card. */
  renewalNoticeDays: z
    .number({ error: 'Renewal notice must be a number of days' })
    .int('Renewal notice must be a whole number of days')
    .min(1, 'Renewal notice must be between 1 and 14 days')
    .max(14, 'Renewal notice must be between 1 and 14 days'),
  /** Days after the end that a declined renewal keeps the line on while it is retried. */
  renewalGraceDays: z
    .number({ error: 'Renewal grace period must be a number of days' })
    .int('Renewal grace period must be a whole number of days')
    .min(0, 'Renewal grace period must be between 0 and 7 days')
    .max(7, 'Renewal grace period must be between 0 and 7 days'),
  /** A discount code offered once to a customer about to turn renewal off; empty for none. */
  retentionDiscountCode: z
    .string({ error: 'Retention discount code must be text' })
    .trim()
    .max(50, 'Retention discount code must be at most 50 characters'),
})
export type RenewalSettings = z.infer<typeof renewalSettings>

export const defaultRenewalSettings: RenewalSettings = {
  renewalNoticeDays: 3,
  renewalGraceDays: 3,
  retentionDiscountCode: '',
}
