import { ArrowLeft } from 'lucide-react'
import { Link } from 'wouter'
import { PlansSectionPlaceholder } from '@/app/routes/plans-section-placeholder'
import { PageContainer } from '@/components/layout/page-container'
import { Button } from '@/components/ui/button'
import { useDocumentTitle } from '@/lib/use-document-title'

export function PlansPage() {
  useDocumentTitle('Plans')
  return (
    <PageContainer>
      <Button asChild variant="ghost" className="-ml-3 mb-6">
        <Link href="/">
          <ArrowLeft aria-hidden />
          Back to Home
        </Link>
      </Button>
      <h1 className="text-center text-3xl font-bold tracking-tight sm:text-4xl">
        Choose Your Perfect Plan
      </h1>
      <PlansSectionPlaceholder />
    </PageContainer>
  )
}
