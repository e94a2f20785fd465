import { Button } from '@/components/ui/button'

type SportFilterProps = {
  sports: string[]
  /** The chosen sport; null for all sports. */
  value: string | null
  onChange: (sport: string | null) => void
}

/** All Sports plus one button per sport found in the schedule. */
export function SportFilter({ sports, value, onChange }: SportFilterProps) {
  const options: { label: string; sport: string | null }[] = [
    { label: 'All Sports', sport: null },
    ...sports.map((sport) => ({ label: sport, sport })),
  ]
  return (
    <div role="group" aria-label="Filter by sport" className="flex flex-wrap gap-2">
      {options.map(({ label, sport }) => (
        <Button
          key={label}
          size="sm"
          variant={value === sport ? 'default' : 'outline'}
          aria-pressed={value === sport}
          className="rounded-full"
          onClick={() => onChange(sport)}
        >
          {label}
        </Button>
      ))}
    </div>
  )
}
