type ProgressBarProps = {
  /** The id of what names the bar (its heading). */
  labelledBy: string
  /** How far, from 0 to 100. */
  percent: number
  /** The figures a screen reader reads instead of the percentage ("1,200 of 5,000 rows"). */
  valueText?: string
}

/** A thin bar that fills from the left, for a score or work under way. */
export function ProgressBar({ labelledBy, percent, valueText }: ProgressBarProps) {
  return (
    <div
      role="progressbar"
      aria-labelledby={labelledBy}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      aria-valuetext={valueText}
      className="h-2 overflow-hidden rounded-full bg-muted"
    >
      <div
        className="h-full rounded-full bg-primary transition-[width] motion-reduce:transition-none"
        style={{ width: `${percent}%` }}
      />
    </div>
  )
}
