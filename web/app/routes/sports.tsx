import { ArrowLeft, Newspaper } from 'lucide-react'
import { Link } from 'wouter'
import { PageContainer } from '@/components/layout/page-container'
import { PageHeader } from '@/components/layout/page-header'
import { Button } from '@/components/ui/button'
import { SportsSchedule } from '@/features/sports/components/sports-schedule'
import { useDocumentTitle } from '@/lib/use-document-title'

export function SportsPage() {
  useDocumentTitle('Live Sports Events')
  return (
    <PageContainer>
      <nav aria-label="Sports page" className="mb-6 flex items-center justify-between gap-4">
        <Button asChild variant="ghost" className="-ml-3">
          <Link href="/">
            <ArrowLeft aria-hidden />
            Back to Home
          </Link>
        </Button>
        <Button asChild variant="outline" size="sm">
          <Link href="/blog">
            <Newspaper aria-hidden />
            Blog
          </Link>
        </Button>
      </nav>
      <PageHeader
        title="Live Sports Events"
        description="Football, basketball, American football, baseball and hockey from the top leagues, live and in HD. Times are shown in your time zone."
      />
      <SportsSchedule />
    </PageContainer>
  )
}
