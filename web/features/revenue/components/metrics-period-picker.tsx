import { useState } from 'react'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { NativeSelect } from '@/components/ui/native-select'
import {
  periodPresets,
  periodProblem,
  type MetricsPeriod,
  type PeriodChoice,
} from '../metrics-period'

type MetricsPeriodPickerProps = {
  choice: PeriodChoice
  /** The months the choice stands for now: where custom months start from. */
  period: MetricsPeriod
  onChange: (choice: PeriodChoice) => void
}

/**
 * Last 3, 6 or 12 months (counted back from the business's current month, which the caller
 * knows), or any months from–to; custom months apply on "Show".
 */
export function MetricsPeriodPicker({ choice, period, onChange }: MetricsPeriodPickerProps) {
  const [selected, setSelected] = useState(typeof choice === 'number' ? String(choice) : 'custom')
  const [custom, setCustom] = useState(period)
  const problem = selected === 'custom' ? periodProblem(custom) : null

  const handleChoice = (value: string) => {
    setSelected(value)
    const preset = periodPresets.find((months) => String(months) === value)
    if (preset) onChange(preset)
    else setCustom(period)
  }

  return (
    <form
      aria-label="Period"
      className="flex flex-wrap items-end gap-3"
      onSubmit={(event) => {
        event.preventDefault()
        if (!problem) onChange(custom)
      }}
    >
      <div className="grid gap-1.5">
        <Label htmlFor="metrics-period">Period</Label>
        <NativeSelect
          id="metrics-period"
          value={selected}
          onChange={(event) => handleChoice(event.target.value)}
        >
          {periodPresets.map((months) => (
            <option key={months} value={months}>
              Last {months} months
            </option>
          ))}
          <option value="custom">Custom months</option>
        </NativeSelect>
      </div>
      {selected === 'custom' && (
        <>
          <div className="grid gap-1.5">
            <Label htmlFor="metrics-from">From</Label>
            <Input
              id="metrics-from"
              type="month"
              value={custom.from}
              aria-invalid={problem ? true : undefined}
              aria-describedby={problem ? 'metrics-period-problem' : undefined}
              onChange={(event) => setCustom({ ...custom, from: event.target.value })}
            />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="metrics-to">To</Label>
            <Input
              id="metrics-to"
              type="month"
              value={custom.to}
              aria-invalid={problem ? true : undefined}
              aria-describedby={problem ? 'metrics-period-problem' : undefined}
              onChange={(event) => setCustom({ ...custom, to: event.target.value })}
            />
          </div>
          <Button type="submit" variant="outline" disabled={Boolean(problem)}>
            Show
          </Button>
          {problem && (
            <p id="metrics-period-problem" className="basis-full text-sm text-destructive">
              {problem}
            </p>
          )}
        </>
      )}
    </form>
  )
}
