import { BellRing } from 'lucide-react'
import { QueryStates } from '@/components/list-states'
import { SectionCard } from '@/components/section-card'
import { useReminderSettings } from '../api/get-reminder-settings'
import { ReminderSettingsForm } from './reminder-settings-form'

/** 'Reminders': when customers hear that their trial or subscription is about to end. */
export function ReminderSettingsCard() {
  const settings = useReminderSettings()
  return (
    <SectionCard
      title="Reminders"
      icon={BellRing}
      description="Customers get an e-mail (and a Telegram message once bound) before their trial or subscription ends, with a link to the plans page. Each goes once per period; one the system could not send in time is skipped rather than sent late."
    >
      <QueryStates query={settings} loadingLabel="Loading reminder settings">
        {(data) => <ReminderSettingsForm settings={data} />}
      </QueryStates>
    </SectionCard>
  )
}
