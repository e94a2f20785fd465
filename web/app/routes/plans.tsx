import { ArrowLeft, Clock } from 'lucide-react'
import { Link } from 'wouter'
import { PageContainer } from '@/components/layout/page-container'
import { TrialCallToAction } from '@/components/trial-call-to-action'
import { Button } from '@/components/ui/button'
import { PlansList } from '@/features/plans/components/plans-list'
import { useIsSignedInCustomer } from '@/lib/signed-in-customer'
import { useDocumentTitle } from '@/lib/use-document-title'

export function PlansPage() {
  useDocumentTitle('Plans and Pricing')
  const isSignedIn = useIsSignedInCustomer()
  return (
    <PageContainer>
      <Button asChild variant="ghost" className="-ml-3 mb-6">
        <Link href="/">
          <ArrowLeft aria-hidden />
          Back to Home
        </Link>
      </Button>
      <div className="mb-12 flex flex-col items-center gap-4 text-center">
        <h1 className="text-4xl font-extrabold tracking-tight text-balance sm:text-5xl">
          Choose Your Perfect Plan
        </h1>
        <p className="max-w-2xl text-lg text-muted-foreground">
          Starter, Family or Household, billed monthly, quarterly, every six months or yearly.
        </p>
        {/* A signed-in customer has had their trial: the banner is not for them. */}
        {!isSignedIn && (
          <p className="flex items-center gap-2 rounded-full bg-accent px-4 py-1.5 text-sm font-medium text-accent-foreground">
            <Clock className="size-4" aria-hidden />
            All plans include a 24-hour free trial
          </p>
        )}
      </div>
      <PlansList cardHeading="h2" />
      <TrialCallToAction
        className="mt-20"
        title="Not sure which plan fits?"
        description="Start your 24-hour free trial now and choose later. No credit card, no commitment."
      />
    </PageContainer>
  )
}
