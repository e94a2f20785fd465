/** What POST /api/maintenance/expire-now answers: how many it expired, or that another run held the lock. */
export type ExpiryResult = {
  trialsExpired: number
  subscriptionsExpired: number
  /** True when another process was running the job at that moment. */
  skipped: boolean
  /** Lines of ended trials and subscriptions disabled on the supplier panel (after the grace period). */
  linesDisabled: number
  /** Trial requests the trial autopilot started in the same run (their lines made). */
  trialsStarted: number
  /** Pending payments a provider said were paid, settled in the same run (reconciliation). */
  paymentsSettled: number
  /** Pending payments whose checkout had ended unpaid, marked expired or failed. */
  paymentsClosed: number
  /** Messages the outbox sent in the same run (those due then). */
  messagesSent: number
}
