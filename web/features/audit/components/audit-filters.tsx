import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { NativeSelect } from '@/components/ui/native-select'
import { auditEntityTypes } from '@common/audit'
import type { AuditFilters as Filters } from '../api/get-audit-log'

const textFilters = [
  { name: 'action', label: 'Action', placeholder: 'e.g. trial_request.convert' },
  { name: 'actor', label: 'Who', placeholder: 'Username, or system' },
] as const

type AuditFiltersProps = { filters: Filters; onChange: (filters: Filters) => void }

/** Action, actor and entity type; each matches exactly. */
export function AuditFilters({ filters, onChange }: AuditFiltersProps) {
  const set = (name: keyof Filters) => (value: string) => onChange({ ...filters, [name]: value })
  return (
    <div className="grid gap-3 sm:grid-cols-3">
      {textFilters.map(({ name, label, placeholder }) => (
        <div key={name} className="grid gap-2">
          <Label htmlFor={`audit-${name}`}>{label}</Label>
          <Input
            id={`audit-${name}`}
            placeholder={placeholder}
            autoCapitalize="none"
            spellCheck={false}
            value={filters[name]}
            onChange={(event) => set(name)(event.target.value)}
          />
        </div>
      ))}
      <div className="grid gap-2">
        <Label htmlFor="audit-entity-type">Entity type</Label>
        <NativeSelect
          id="audit-entity-type"
          value={filters.entityType}
          onChange={(event) => set('entityType')(event.target.value)}
        >
          <option value="">Everything</option>
          {Object.entries(auditEntityTypes).map(([type, label]) => (
            <option key={type} value={type}>
              {label}
            </option>
          ))}
        </NativeSelect>
      </div>
    </div>
  )
}
