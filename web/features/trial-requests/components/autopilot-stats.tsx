import { Bot, Hourglass, Timer } from 'lucide-react'
import { autopilotStatsDays, type AutopilotStats } from '@common/trial-autopilot'
import { StatCard, statValue } from '@/components/stat-card'
import { useAutopilotStats } from '../api/get-autopilot-stats'

/** "42 s", "3 min", "1 h 5 min": a wait as a person says it. */
export function formatWait(seconds: number): string {
  if (seconds < 60) return `${seconds} s`
  const minutes = Math.round(seconds / 60)
  if (minutes < 60) return `${minutes} min`
  const hours = Math.floor(minutes / 60)
  return minutes % 60 ? `${hours} h ${minutes % 60} min` : `${hours} h`
}

/**
 * The trial autopilot's figures beside the contacts' ones: trials it started lately, requests it
 * holds (for an admin, or for the panel), and the median time from request to login.
 */
type AutopilotStatsProps = {
  /** Opens the list of requests a card counts (Users & Contacts filtered by their line). */
  onShow?: (outcome: 'auto_sent' | 'waiting') => void
  /** The card whose list is showing. */
  showing?: 'auto_sent' | 'waiting' | null
}

export function AutopilotStats({ onShow, showing }: AutopilotStatsProps = {}) {
  const stats = useAutopilotStats()
  const show = (figure: (data: AutopilotStats) => string | number) => statValue(stats, figure)
  const state = stats.data && (stats.data.isOn ? 'Autopilot on' : 'Autopilot off')
  return (
    <section aria-label="Trial autopilot">
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-3">
        <StatCard
          label="Trials started automatically"
          icon={<Bot />}
          value={show((s) => s.started)}
          hint={state && `${state} · last ${autopilotStatsDays} days`}
          onSelect={onShow && (() => onShow('auto_sent'))}
          isSelected={showing === 'auto_sent'}
        />
        <StatCard
          label="Waiting for an admin"
          icon={<Hourglass />}
          value={show((s) => s.waiting)}
          hint="Untrusted, or the panel failed"
          onSelect={onShow && (() => onShow('waiting'))}
          isSelected={showing === 'waiting'}
        />
        <StatCard
          label="Request to login"
          icon={<Timer />}
          className="col-span-2 lg:col-span-1"
          value={show((s) =>
            s.medianSecondsToLogin === null ? '–' : formatWait(s.medianSecondsToLogin),
          )}
          hint="Median, over automatic starts"
        />
      </dl>
    </section>
  )
}
