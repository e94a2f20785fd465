import { deviceGuides } from '@common/device-guides'
import { PageContainer } from '@/components/layout/page-container'
import { PageHeader } from '@/components/layout/page-header'
import { TrialCallToAction } from '@/components/trial-call-to-action'
import { DeviceGuideLinks } from '@/features/device-guides/components/device-guide-links'
import { LoginDetailsNote } from '@/features/device-guides/components/login-details-note'
import { useDocumentTitle } from '@/lib/use-document-title'

/** Device Support: the setup guides the login e-mail sends, one per device, open to anyone. */
export function DevicesPage() {
  useDocumentTitle('Device Setup Guides')
  return (
    <PageContainer className="max-w-3xl">
      <PageHeader
        title="Device Setup Guides"
        description="Step-by-step set-up for the apps and devices our customers use most. Pick yours."
      />
      <div className="grid gap-6">
        <DeviceGuideLinks guides={deviceGuides} />
        <LoginDetailsNote />
      </div>
      <TrialCallToAction
        className="mt-16"
        title="Not watching yet?"
        description="Start a free 24-hour trial: your login arrives by e-mail with the guide for your device."
      />
    </PageContainer>
  )
}
