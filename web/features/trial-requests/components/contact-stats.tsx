import { Percent, UserCheck, UserRound, Users } from 'lucide-react'
import type { TrialRequestStats } from '@common/trial-requests'
import { StatCard, statValue } from '@/components/stat-card'
import { useTrialRequestStats } from '../api/get-trial-request-stats'

/** Total Users, Active Subscribers, Trial Users and Conversion Rate (active ÷ total). */
export function ContactStats() {
  const stats = useTrialRequestStats()
  const show = (figure: (data: TrialRequestStats) => string | number) => statValue(stats, figure)
  return (
    <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      <StatCard label="Total Users" icon={<Users />} value={show((s) => s.total)} />
      <StatCard label="Active Subscribers" icon={<UserCheck />} value={show((s) => s.active)} />
      <StatCard label="Trial Users" icon={<UserRound />} value={show((s) => s.trial)} />
      <StatCard
        label="Conversion Rate"
        icon={<Percent />}
        value={show((s) => `${s.conversionRate}%`)}
      />
    </dl>
  )
}
