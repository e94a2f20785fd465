import { SlidersHorizontal } from 'lucide-react'
import { QueryStates } from '@/components/list-states'
import { SectionCard } from '@/components/section-card'
import { usePlatformSettings } from '../api/get-platform-settings'
import { PlatformConfigurationForm } from './platform-configuration-form'

/** 'Platform Configuration': the stored trial duration and default concurrent streams. */
export function PlatformConfigurationCard() {
  const settings = usePlatformSettings()
  return (
    <SectionCard
      title="Platform Configuration"
      icon={SlidersHorizontal}
      description="Trials expire automatically after the trial duration. New M3U lines get the maximum number of concurrent streams unless chosen otherwise."
    >
      <QueryStates query={settings} loadingLabel="Loading platform settings">
        {(data) => <PlatformConfigurationForm settings={data} />}
      </QueryStates>
    </SectionCard>
  )
}
