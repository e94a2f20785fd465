import { z } from 'zod'

/** Trial length choices (24 h, 48 h, 7 days), in hours. */
export const trialDurations = [24, 48, 168] as const
export const maxStreamChoices = [1, 2, 3, 5] as const

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
})
export type PlatformSettings = z.infer<typeof platformSettings>

export const defaultPlatformSettings: PlatformSettings = {
  trialDurationHours: 24,
  maxConcurrentStreams: 2,
}
