import { Trophy } from 'lucide-react'
import { ComingSoon } from '@/components/coming-soon'
import { PageContainer } from '@/components/layout/page-container'
import { PageHeader } from '@/components/layout/page-header'
import { useDocumentTitle } from '@/lib/use-document-title'

export function SportsPage() {
  useDocumentTitle('Live Sports Events')
  return (
    <PageContainer>
      <PageHeader
        title="Live Sports Events"
        description="Football, basketball, American football, baseball and hockey from the top leagues."
      />
      <ComingSoon icon={Trophy} title="Sports schedule coming soon">
        Upcoming and live events will be listed here in a coming release.
      </ComingSoon>
    </PageContainer>
  )
}
