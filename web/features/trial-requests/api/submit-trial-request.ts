import type { TrialRequestInput, TrialRequestReceipt } from '@common/trial-requests'
import { apiJson } from '@/lib/api-client'

/** A trial request as sent: its clientRequestId lets the server store a retried one once. */
export type TrialRequestSubmission = TrialRequestInput & { clientRequestId: string }

// A request that hangs is abandoned and retried later; the server de-duplicates if it did land.
const timeoutMs = 15_000

/**
 * POST /api/trial-requests: 201 for a new request, 200 for a repeat of the same submission or
 * when this person has already asked (`outcome: 'already_requested'`).
 */
export function submitTrialRequest(
  submission: TrialRequestSubmission,
): Promise<TrialRequestReceipt> {
  return apiJson<TrialRequestReceipt>(
    'POST',
    '/api/trial-requests',
    submission,
    AbortSignal.timeout(timeoutMs),
  )
}
