import { ShieldCheck } from 'lucide-react'
import { QueryStates } from '@/components/list-states'
import { SectionCard } from '@/components/section-card'
import { useTrialTrustSettings } from '../api/get-trial-trust-settings'
import { TrialTrustForm } from './trial-trust-form'

/** 'Trial Trust Rules': which checks score a new trial request, and when it is flagged. */
export function TrialTrustCard() {
  const settings = useTrialTrustSettings()
  return (
    <SectionCard
      title="Trial Trust Rules"
      icon={ShieldCheck}
      description="Each new trial request starts at a trust score of 100 and loses points for each rule it trips; the reasons show beside it in Users & Contacts. Changes apply to requests from now on."
    >
      <QueryStates query={settings} loadingLabel="Loading trial trust rules">
        {(data) => <TrialTrustForm settings={data} />}
      </QueryStates>
    </SectionCard>
  )
}
