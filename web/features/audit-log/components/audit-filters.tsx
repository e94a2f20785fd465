import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { NativeSelect } from '@/components/ui/native-select'
import type { AuditFilters as Filters } from '../api/get-audit-log'

// The kinds of entity the server records changes to (its routes' audit declarations).
const entityTypes = [
  'trial_request',
  'plan',
  'discount',
  'blog_post',
  'support_ticket',
  'm3u_line',
  'admin_user',
  'settings',
  'maintenance',
]

type AuditFiltersProps = { filters: Filters; onChange: (filters: Filters) => void }

/** Action, actor and entity type; each matches exactly. */
export function AuditFilters({ filters, onChange }: AuditFiltersProps) {
  const set = (name: keyof Filters) => (value: string) => onChange({ ...filters, [name]: value })
  return (
    <div className="grid gap-3 sm:grid-cols-3">
      <div className="grid gap-2">
        <Label htmlFor="audit-action">Action</Label>
        <Input
          id="audit-action"
          placeholder="e.g. trial_request.convert"
          autoCapitalize="none"
          spellCheck={false}
          value={filters.action}
          onChange={(event) => set('action')(event.target.value)}
        />
      </div>
      <div className="grid gap-2">
        <Label htmlFor="audit-actor">Who</Label>
        <Input
          id="audit-actor"
          placeholder="Username, or system"
          autoCapitalize="none"
          spellCheck={false}
          value={filters.actor}
          onChange={(event) => set('actor')(event.target.value)}
        />
      </div>
      <div className="grid gap-2">
        <Label htmlFor="audit-entity-type">Entity type</Label>
        <NativeSelect
          id="audit-entity-type"
          value={filters.entityType}
          onChange={(event) => set('entityType')(event.target.value)}
        >
          <option value="">All types</option>
          {entityTypes.map((type) => (
            <option key={type} value={type}>
              {type}
            </option>
          ))}
        </NativeSelect>
      </div>
    </div>
  )
}
