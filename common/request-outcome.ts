import { z } from 'zod'
import { trialRequest } from './trial-requests'

/**
 * What happened to a request's line, for the morning list: sent by the trial autopilot, sent by an
 * admin, being started, waiting for an admin (and why), failing on the panel (its words), or owed
 * to a paying customer who has none. Null when nothing has been done yet.
 */
export const requestOutcome = z
  .discriminatedUnion('kind', [
    z.object({ kind: z.literal('auto_sent'), at: z.iso.datetime().nullable() }),
    z.object({ kind: z.literal('sent') }),
    z.object({ kind: z.literal('starting') }),
    z.object({ kind: z.literal('waiting'), reason: z.string().nullable() }),
    z.object({ kind: z.literal('failed'), error: z.string().nullable() }),
    // A paying customer with no line (an imported one, while the autopilot is off): make it.
    z.object({ kind: z.literal('needs_line') }),
  ])
  .nullable()
export type RequestOutcome = z.infer<typeof requestOutcome>

/** A row of Users & Contacts: the request, when its trial or subscription ends, and its line's fate. */
export const trialRequestListItem = trialRequest.extend({
  /** A running trial's end (its request plus the trial duration), else the subscription's end. */
  endsAt: z.iso.datetime().nullable(),
  outcome: requestOutcome,
})
export type TrialRequestListItem = z.infer<typeof trialRequestListItem>

/** Headline words for an outcome, the same in the table and the phone's cards. */
export function outcomeLabel(outcome: NonNullable<RequestOutcome>): string {
  switch (outcome.kind) {
    case 'auto_sent':
      return 'Line sent automatically'
    case 'sent':
      return 'Line sent'
    case 'starting':
      return 'Starting automatically'
    case 'waiting':
      return 'Waiting for an admin'
    case 'failed':
      return 'Line failed'
    case 'needs_line':
      return 'Needs a line'
  }
}
