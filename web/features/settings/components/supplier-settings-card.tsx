import { Server } from 'lucide-react'
import { QueryStates } from '@/components/list-states'
import { SectionCard } from '@/components/section-card'
import { useSupplierSettings } from '../api/get-supplier-settings'
import { SupplierSettingsForm } from './supplier-settings-form'

/** 'Supplier Settings': the package of new lines, the grace before ended lines are disabled, credits. */
export function SupplierSettingsCard() {
  return (
    <SectionCard
      title="Supplier Settings"
      icon={Server}
      description="How the Business Center makes and keeps subscribers' lines on the supplier panel."
    >
      <QueryStates query={useSupplierSettings()} loadingLabel="Loading supplier settings">
        {(settings) => <SupplierSettingsForm settings={settings} />}
      </QueryStates>
    </SectionCard>
  )
}
