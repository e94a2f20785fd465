import { useState } from 'react'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { NativeSelect } from '@/components/ui/native-select'
import {
  periodOf,
  periodPresets,
  periodProblem,
  type MetricsPeriod,
  type PeriodChoice,
} from '../metrics-period'

type MetricsPeriodPickerProps = {
  choice: PeriodChoice
  /** This month in the business time zone, where the presets end. */
  thisMonth: string
  onChange: (choice: PeriodChoice) => void
}

/** Last 3, 6 or 12 months, or any months from–to; custom months apply on "Show". */
export function MetricsPeriodPicker({
  choice: chosen,
  thisMonth,
  onChange,
}: MetricsPeriodPickerProps) {
  const [choice, setChoice] = useState<string>(
    typeof chosen === 'number' ? String(chosen) : 'custom',
  )
  const [custom, setCustom] = useState<MetricsPeriod>(periodOf(chosen, thisMonth))
  const problem = choice === 'custom' ? periodProblem(custom) : null

  const handleChoice = (value: string) => {
    setChoice(value)
    if (value !== 'custom') onChange(Number(value))
    else setCustom(periodOf(chosen, thisMonth))
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
          value={choice}
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
      {choice === 'custom' && (
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
