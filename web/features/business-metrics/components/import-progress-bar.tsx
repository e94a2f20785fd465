import { ProgressBar } from '@/components/ui/progress-bar'
import { describeStep, type ImportStep } from '../import-steps'

/**
 * The upload's progress as one bar: the browser sending the file, then the server reading,
 * checking and (importing) writing its rows. The step's name is announced as it changes; the
 * figures are the bar's value text, read when asked for rather than at every report.
 */
export function ImportProgressBar({ step, dryRun }: { step: ImportStep; dryRun: boolean }) {
  const { heading, percent, figures } = describeStep(step, dryRun)
  const isWaiting = step.step === 'sending' && step.done >= step.total
  return (
    <div className="grid gap-1.5">
      <p id="import-progress-heading" className="text-sm font-medium" aria-live="polite">
        {isWaiting ? 'File sent; waiting for the server to start…' : heading}
      </p>
      {/* A new step is a new bar: it fills from empty, not back down from the last step's end. */}
      <ProgressBar
        key={step.step}
        labelledBy="import-progress-heading"
        percent={percent}
        valueText={figures}
      />
      <p className="text-xs text-muted-foreground tabular-nums">{figures}</p>
    </div>
  )
}
