import { Percent, UserCheck, UserRound, Users } from 'lucide-react'
import type { TrialRequestStats } from '@common/trial-requests'
import { StatCard, statValue } from '@/components/stat-card'
import { noContactFilters, type ContactFilters } from '../api/get-trial-requests'
import { useTrialRequestStats } from '../api/get-trial-request-stats'
import type { ShowFiltered } from './contacts-panel'

type ContactStatsProps = { filters: ContactFilters; show: ShowFiltered }

/**
 * Total Users, Active Subscribers, Trial Users and Conversion Rate (active ÷ total, said under
 * it); the first three open the list they count.
 */
export function ContactStats({ filters, show }: ContactStatsProps) {
  const stats = useTrialRequestStats()
  const figure = (of: (data: TrialRequestStats) => string | number) => statValue(stats, of)
  const isOnly = (status: ContactFilters['status']) =>
    filters.status === status &&
    JSON.stringify({ ...filters, status: 'all' }) === JSON.stringify(noContactFilters)
  return (
    <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      <StatCard
        label="Total Users"
        icon={<Users />}
        value={figure((s) => s.total)}
        onSelect={() => show({ status: 'all' })}
      />
      <StatCard
        label="Active Subscribers"
        icon={<UserCheck />}
        value={figure((s) => s.active)}
        onSelect={() => show({ status: 'active' })}
        isSelected={isOnly('active')}
      />
      <StatCard
        label="Trial Users"
        icon={<UserRound />}
        value={figure((s) => s.trial)}
        onSelect={() => show({ status: 'trial' })}
        isSelected={isOnly('trial')}
      />
      <StatCard
        label="Conversion Rate"
        icon={<Percent />}
        value={figure((s) => `${s.conversionRate}%`)}
        // What it counts, beside Financials' trial conversion (trials that paid): people now.
        hint="Active subscribers of all users"
      />
    </dl>
  )
}
