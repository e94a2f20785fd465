import { LifeBuoy, Mail } from 'lucide-react'
import { ComingSoon } from '@/components/coming-soon'
import { PageContainer } from '@/components/layout/page-container'
import { PageHeader } from '@/components/layout/page-header'
import { Button } from '@/components/ui/button'
import { site } from '@/lib/site-config'
import { useDocumentTitle } from '@/lib/use-document-title'

export function SupportPage() {
  useDocumentTitle('Customer Support')
  return (
    <PageContainer>
      <PageHeader
        title="Customer Support"
        description="Questions about your trial, your plan or a device? We're here to help."
      />
      <ComingSoon icon={LifeBuoy} title="Support tickets and live chat are coming soon">
        Until then, write to us and we will answer as quickly as we can.
      </ComingSoon>
      <div className="mt-6 flex justify-center">
        <Button asChild variant="outline">
          <a href={`mailto:${site.supportEmail}`}>
            <Mail aria-hidden />
            {site.supportEmail}
          </a>
        </Button>
      </div>
    </PageContainer>
  )
}
