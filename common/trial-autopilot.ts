import { z } from 'zod'

/**
 * Where a request stands with the trial autopilot (decision 0017): `queued` to be started by the
 * job (retried with backoff while the panel fails), `waiting` for an admin (it did not pass the
 * trust rules), `started` (its line made and login queued with no admin), `skipped` (an admin or
 * a change got there first).
 */
export const autostartStatuses = ['queued', 'waiting', 'started', 'skipped'] as const
export type AutostartStatus = (typeof autostartStatuses)[number]

/** One request's autopilot state (GET /api/trial-requests/{id}/autopilot); null when it has none. */
export const personAutostart = z
  .object({
    status: z.enum(autostartStatuses),
    /** Why it waits, or why it was skipped, in words for the admin. */
    reason: z.string().nullable(),
    /** The panel's last words when a try failed; the next try is at `nextAttemptAt`. */
    lastError: z.string().nullable(),
    attempts: z.number().int(),
    nextAttemptAt: z.iso.datetime().nullable(),
    startedAt: z.iso.datetime().nullable(),
    /** Start trials automatically is on now (a queued request waits while it is off). */
    isOn: z.boolean(),
  })
  .nullable()
export type PersonAutostart = z.infer<typeof personAutostart>

/** The dashboard's figures (GET /api/trial-requests/autopilot-stats). */
export const autopilotStats = z.object({
  isOn: z.boolean(),
  /** Trials the autopilot started in the last 30 days. */
  started: z.number().int(),
  /** Requests the autopilot holds now: waiting for an admin, or for the panel to answer. */
  waiting: z.number().int(),
  /** Median seconds from request to the login message sent, over those 30 days; null: none yet. */
  medianSecondsToLogin: z.number().nullable(),
})
export type AutopilotStats = z.infer<typeof autopilotStats>

/** The days the started count and median look back over. */
export const autopilotStatsDays = 30

/** Why a request that did not pass the trust rules waits. */
export function untrustedReason(score: number, threshold: number): string {
  return `Waiting for an admin: trust score ${score} below ${threshold}`
}
