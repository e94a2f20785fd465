type ApplicablePlansFieldProps = {
  /** Names of the plans there are; undefined while they load. */
  planNames: string[] | undefined
  value: string[]
  onChange: (value: string[]) => void
}

/** A checkbox per plan name; none checked means the discount applies to every plan. */
export function ApplicablePlansField({ planNames, value, onChange }: ApplicablePlansFieldProps) {
  // A plan renamed or deleted since stays listed while the discount still names it.
  const options = [...new Set([...(planNames ?? []), ...value])]
  const toggle = (name: string, isChecked: boolean) =>
    onChange(isChecked ? [...value, name] : value.filter((chosen) => chosen !== name))

  return (
    <fieldset className="grid gap-2 sm:col-span-2" aria-describedby="discount-plans-hint">
      <legend className="mb-2 text-sm leading-none font-medium">Applicable plans</legend>
      <p id="discount-plans-hint" className="-mt-1 text-xs text-muted-foreground">
        Leave all unchecked to apply the discount to every plan.
      </p>
      {options.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          {planNames ? 'There are no plans yet.' : 'Loading plans…'}
        </p>
      ) : (
        <div className="grid max-h-44 gap-x-4 gap-y-1 overflow-y-auto rounded-md border p-2 sm:grid-cols-2">
          {options.map((name) => (
            <label
              key={name}
              className="flex cursor-pointer items-center gap-2 rounded-sm px-1 py-1.5 text-sm hover:bg-muted/60"
            >
              <input
                type="checkbox"
                className="size-4 shrink-0 cursor-pointer accent-primary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
                checked={value.includes(name)}
                onChange={(event) => toggle(name, event.target.checked)}
              />
              <span className="min-w-0 truncate">{name}</span>
            </label>
          ))}
        </div>
      )}
    </fieldset>
  )
}
