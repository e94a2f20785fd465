/** Settings as an admin who may not change them sees them: each name above its value. */
export function SettingsSummary({ rows }: { rows: [term: string, value: string][] }) {
  return (
    <dl className="grid gap-3 sm:grid-cols-3">
      {rows.map(([term, value]) => (
        <div key={term} className="grid gap-1 rounded-lg border bg-muted/30 p-3">
          <dt className="text-xs text-muted-foreground">{term}</dt>
          <dd className="font-medium break-words">{value}</dd>
        </div>
      ))}
    </dl>
  )
}
