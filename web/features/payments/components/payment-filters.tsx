import { paymentProviders, paymentStatuses } from '@common/payments'
import { paymentKinds } from '@common/renewals'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { NativeSelect } from '@/components/ui/native-select'
import type { PaymentFilters as Filters } from '../api/get-payments'
import { kindLabels, providerLabels, statusLabels } from '../payment-labels'

type PaymentFiltersProps = { filters: Filters; onChange: (filters: Filters) => void }

/** Status, provider, kind (bought or renewed) and the days created (From and To included, in UTC like the server). */
export function PaymentFilters({ filters, onChange }: PaymentFiltersProps) {
  const set = (name: keyof Filters) => (value: string) =>
    onChange({ ...filters, [name]: value || undefined })
  return (
    <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-5">
      <div className="grid gap-2">
        <Label htmlFor="payments-status">Status</Label>
        <NativeSelect
          id="payments-status"
          value={filters.status ?? ''}
          onChange={(event) => set('status')(event.target.value)}
        >
          <option value="">Every status</option>
          {paymentStatuses.map((status) => (
            <option key={status} value={status}>
              {statusLabels[status]}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="grid gap-2">
        <Label htmlFor="payments-provider">Provider</Label>
        <NativeSelect
          id="payments-provider"
          value={filters.provider ?? ''}
          onChange={(event) => set('provider')(event.target.value)}
        >
          <option value="">Every provider</option>
          {paymentProviders.map((provider) => (
            <option key={provider} value={provider}>
              {providerLabels[provider]}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="grid gap-2">
        <Label htmlFor="payments-kind">Kind</Label>
        <NativeSelect
          id="payments-kind"
          value={filters.kind ?? ''}
          onChange={(event) => set('kind')(event.target.value)}
        >
          <option value="">Every kind</option>
          {paymentKinds.map((kind) => (
            <option key={kind} value={kind}>
              {kindLabels[kind]}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="grid gap-2">
        <Label htmlFor="payments-from">From</Label>
        <Input
          id="payments-from"
          type="date"
          value={filters.from ?? ''}
          max={filters.to}
          onChange={(event) => set('from')(event.target.value)}
        />
      </div>
      <div className="grid gap-2">
        <Label htmlFor="payments-to">To</Label>
        <Input
          id="payments-to"
          type="date"
          value={filters.to ?? ''}
          min={filters.from}
          onChange={(event) => set('to')(event.target.value)}
        />
      </div>
    </div>
  )
}
