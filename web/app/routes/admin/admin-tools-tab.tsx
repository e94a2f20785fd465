import { History, ListChecks, PlusCircle } from 'lucide-react'
import { useState } from 'react'
import type { M3uParseResult } from '@common/m3u'
import { SectionCard } from '@/components/section-card'
import { CreateM3uLineForm } from '@/features/m3u/components/create-m3u-line-form'
import { M3uLinkParser } from '@/features/m3u/components/m3u-link-parser'
import { RecentM3uLines } from '@/features/m3u/components/recent-m3u-lines'
import { CompensationCard } from '@/features/compensations/components/compensation-card'
import { SharedLinesCard } from '@/features/m3u/components/shared-lines-card'
import { SupplierPanelCard } from '@/features/m3u/components/supplier-panel-card'
import { SubscriptionIntegrationCard } from './subscription-integration-card'

/** Admin Tools: the supplier panel's credits and drift, then parse M3U links, turn one into client instructions, and buy supplier lines. */
export function AdminToolsTab({ canCompensate }: { canCompensate: boolean }) {
  const [parsed, setParsed] = useState<M3uParseResult | null>(null)
  return (
    <div className="grid gap-6">
      {/* First: the supplier's credits and the differences to put right are the daily look. */}
      <SupplierPanelCard />
      {/* Days for the whole customer base: super admins only, as the server requires. */}
      {canCompensate && <CompensationCard />}
      <SharedLinesCard />
      <SectionCard
        title="M3U Link Parser"
        icon={ListChecks}
        description="Paste one or many M3U links to read the host, username and password of each."
      >
        <M3uLinkParser result={parsed} onResult={setParsed} />
      </SectionCard>
      <SubscriptionIntegrationCard lines={parsed?.lines ?? []} />
      <div className="grid gap-6 lg:grid-cols-2">
        <SectionCard
          title="Create M3U Line"
          icon={PlusCircle}
          description="Buys a line from the supplier panel. The API key is used for this request only."
        >
          <CreateM3uLineForm />
        </SectionCard>
        <SectionCard
          title="Recent M3U Lines"
          icon={History}
          description="The five newest lines, refreshed every 30 seconds."
        >
          <RecentM3uLines />
        </SectionCard>
      </div>
    </div>
  )
}
