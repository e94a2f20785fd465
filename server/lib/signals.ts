import { channel } from 'node:diagnostics_channel'

/**
 * What the code tells whoever watches (the Prometheus metrics), through Node's diagnostics
 * channels: the panel client, webhooks and jobs need no handle on an app to report, and cost
 * nothing when nobody subscribes. Durations are in seconds, as Prometheus counts them.
 */
export type PanelCallSignal = {
  action: string
  outcome: 'ok' | 'refused' | 'failed'
  seconds: number
}
export type WebhookSignal = {
  provider: string
  outcome: 'processed' | 'duplicate' | 'refused' | 'failed'
}
export type JobRunSignal = {
  job: string
  outcome: 'ok' | 'failed'
  seconds: number
  finishedAt: Date
}

export const panelCallSignals = channel('streamline:panel-call')
export const webhookSignals = channel('streamline:payment-webhook')
export const jobRunSignals = channel('streamline:job-run')

export const signalPanelCall = (signal: PanelCallSignal) => panelCallSignals.publish(signal)
export const signalWebhook = (signal: WebhookSignal) => webhookSignals.publish(signal)
export const signalJobRun = (signal: JobRunSignal) => jobRunSignals.publish(signal)

/** Seconds since `startedAt` (a `performance.now()` reading). */
export const secondsSince = (startedAt: number) => (performance.now() - startedAt) / 1000
