import { z } from 'zod'
import { pageQuery } from './api'

/** Why a line is flagged: more networks in 24 hours than twice its screens, or over two countries. */
export const sharingReasons = ['networks', 'countries'] as const
export type SharingReason = (typeof sharingReasons)[number]

export const sharingReasonLabels: Record<SharingReason, string> = {
  networks: 'More networks than twice its screens',
  countries: 'More than two countries',
}

/** One place a line was watched from in the last 24 hours: network, country and player. */
export const sharingEvidence = z.object({
  network: z.string(),
  country: z.string().nullable(),
  player: z.string(),
  firstSeenAt: z.iso.datetime(),
  lastSeenAt: z.iso.datetime(),
  connections: z.number().int(),
})
export type SharingEvidence = z.infer<typeof sharingEvidence>

/** A line flagged "likely shared", with the counts and the evidence behind the flag. */
export const sharedLine = z.object({
  lineId: z.uuid(),
  username: z.string().nullable(),
  /** The person the line serves; null for a line without one (the M3U form's). */
  personId: z.uuid().nullable(),
  personName: z.string().nullable(),
  screens: z.number().int(),
  ips24h: z.number().int(),
  networks24h: z.number().int(),
  countries24h: z.number().int(),
  ips7d: z.number().int(),
  networks7d: z.number().int(),
  countries7d: z.number().int(),
  reasons: z.array(z.enum(sharingReasons)),
  flaggedAt: z.iso.datetime(),
  /** Dismissed and still within its 30 days (shown only when asked for). */
  isDismissed: z.boolean(),
  dismissedUntil: z.iso.datetime().nullable(),
  /** When "Offer a bigger plan" was last sent. */
  offeredAt: z.iso.datetime().nullable(),
  evidence: z.array(sharingEvidence),
})
export type SharedLine = z.infer<typeof sharedLine>

/** Filters of the list: one reason, dismissed lines too, a person's name or line's username. */
export const sharingFilters = z.object({
  reason: z.enum(sharingReasons, { error: 'reason must be networks or countries' }).optional(),
  includeDismissed: z
    .enum(['true', 'false'], { error: 'includeDismissed must be true or false' })
    .optional()
    .transform((value) => value === 'true'),
  q: z.string().trim().max(100, 'q must be at most 100 characters').optional(),
})
export const sharingListQuery = pageQuery.extend(sharingFilters.shape)

/** "Offer a bigger plan": the plan with more screens it offers, and what was queued. */
export const sharingOfferAnswer = z.object({
  planId: z.uuid(),
  planName: z.string(),
  screens: z.number().int(),
  /** The channels the offer was queued on (e-mail, and Telegram when the person bound a chat). */
  channels: z.array(z.enum(['email', 'telegram'])),
})
export type SharingOfferAnswer = z.infer<typeof sharingOfferAnswer>

/** Dismissed lines stay off the list this long unless their evidence doubles. */
export const sharingDismissDays = 30
