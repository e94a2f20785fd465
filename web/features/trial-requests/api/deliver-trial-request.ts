import type { TrialRequestReceipt } from '@common/trial-requests'
import { ApiError } from '@/lib/api-client'
import { submitTrialRequest, type TrialRequestSubmission } from './submit-trial-request'

// docs/spec-gaps.md §1: the visitor sees success even when the submit fails (spec), so no lead may
// be lost: a failed submit waits in localStorage and is retried, with backoff, while the page is
// open and on the next visit, until the server accepts it or refuses it as invalid.
const storageKey = 'pending-trial-requests'
const firstDelayMs = 2_000
const maxDelayMs = 5 * 60_000

let failedRounds = 0
let retryTimer: ReturnType<typeof setTimeout> | undefined
let isRetrying = false

function readPending(): TrialRequestSubmission[] {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(storageKey) ?? '[]')
    return Array.isArray(stored) ? (stored as TrialRequestSubmission[]) : []
  } catch {
    return []
  }
}

function writePending(pending: TrialRequestSubmission[]) {
  try {
    if (pending.length === 0) localStorage.removeItem(storageKey)
    else localStorage.setItem(storageKey, JSON.stringify(pending))
  } catch {
    // Blocked storage: the request can only be retried while this page stays open.
  }
}

/** Network failures, timeouts, rate limits and server errors are worth another try. */
function isRetryable(error: unknown): boolean {
  return !(error instanceof ApiError) || error.status === 429 || error.status >= 500
}

type Settlement = { isSettled: boolean; receipt: TrialRequestReceipt | null }

/** Sends one request: settled once accepted, or refused as invalid (and dropped). */
async function sendAndSettle(submission: TrialRequestSubmission): Promise<Settlement> {
  try {
    return { isSettled: true, receipt: await submitTrialRequest(submission) }
  } catch (error) {
    console.warn('Failed to submit trial request', error)
    return { isSettled: !isRetryable(error), receipt: null }
  }
}

function scheduleRetry() {
  clearTimeout(retryTimer)
  const delay = Math.min(firstDelayMs * 2 ** failedRounds, maxDelayMs)
  retryTimer = setTimeout(() => void retryPendingTrialRequests(), delay)
}

/** Tries every stored request once; schedules the next round if any is still pending. */
export async function retryPendingTrialRequests(): Promise<void> {
  if (isRetrying) return
  isRetrying = true
  try {
    for (const submission of readPending()) {
      if (!(await sendAndSettle(submission)).isSettled) continue
      const id = submission.clientRequestId
      writePending(readPending().filter((pending) => pending.clientRequestId !== id))
    }
  } finally {
    isRetrying = false
  }
  if (readPending().length === 0) {
    failedRounds = 0
    return
  }
  failedRounds += 1
  scheduleRetry()
}

/**
 * Submits a trial request; on a retryable failure keeps it for later. Never throws: the server's
 * answer, or null when there was none to show.
 */
export async function deliverTrialRequest(
  submission: TrialRequestSubmission,
): Promise<TrialRequestReceipt | null> {
  const { isSettled, receipt } = await sendAndSettle(submission)
  if (isSettled) return receipt
  writePending([
    ...readPending().filter((pending) => pending.clientRequestId !== submission.clientRequestId),
    submission,
  ])
  scheduleRetry()
  return null
}

/** On start-up: sends what an earlier visit could not, and retries as soon as we are online. */
export function resumePendingTrialRequests(): () => void {
  const handleOnline = () => void retryPendingTrialRequests()
  window.addEventListener('online', handleOnline)
  if (readPending().length > 0) void retryPendingTrialRequests()
  return () => window.removeEventListener('online', handleOnline)
}
