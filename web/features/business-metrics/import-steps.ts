import { paymentImportPhases, type PaymentImportPhase } from '@common/payment-imports'

/** Where an upload stands: the browser sending the file, then the server's phases. */
export type ImportStep = { step: 'sending' | PaymentImportPhase; done: number; total: number }

const order = ['sending', ...paymentImportPhases] as const

/** A dry run reads and checks; an import writes too. */
export const stepsOf = (dryRun: boolean) => (dryRun ? order.slice(0, 3) : order)

/**
 * The further on of two steps: reports from other server processes may arrive out of order, and
 * a bar never moves back.
 */
export function furthest(current: ImportStep | null, next: ImportStep): ImportStep {
  if (!current) return next
  const byStep = order.indexOf(next.step) - order.indexOf(current.step)
  return byStep > 0 || (byStep === 0 && next.done >= current.done) ? next : current
}

const labels: Record<ImportStep['step'], { title: string; unit: string }> = {
  sending: { title: 'Sending the file', unit: 'kB' },
  // Read as it arrives: the server counts the file's bytes, not yet knowing its rows.
  reading: { title: 'Reading the file', unit: 'kB' },
  checking: { title: 'Checking the rows against the records', unit: 'rows' },
  writing: { title: 'Writing the payments', unit: 'payments' },
}

const count = (value: number) => value.toLocaleString('en-US')

/** What the bar says: its step among the run's, its share, and the figures in words. */
export function describeStep(current: ImportStep, dryRun: boolean) {
  const steps = stepsOf(dryRun)
  const { title, unit } = labels[current.step]
  const scale = current.step === 'sending' || current.step === 'reading' ? 1024 : 1
  const [done, total] = [current.done, current.total].map((n) => Math.round(n / scale))
  const percent = current.total > 0 ? Math.floor((current.done / current.total) * 100) : 0
  return {
    heading: `Step ${steps.indexOf(current.step) + 1} of ${steps.length}: ${title}`,
    percent,
    figures: `${count(done!)} of ${count(total!)} ${unit} (${percent}%)`,
  }
}
