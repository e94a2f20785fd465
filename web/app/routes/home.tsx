import type { ReactNode } from 'react'
import { SectionHeading } from '@/components/section-heading'
import { LatestPostsSection } from '@/features/blog/components/latest-posts-section'
import { FeatureGrid } from '@/features/landing/components/feature-grid'
import { Hero } from '@/features/landing/components/hero'
import { Testimonials } from '@/features/landing/components/testimonials'
import { PlansList } from '@/features/plans/components/plans-list'
import { LandingSportsSection } from '@/features/sports/components/landing-sports-section'
import { plansSectionId } from '@/lib/scroll'
import { useIsSignedInCustomer } from '@/lib/signed-in-customer'
import { cn } from '@/lib/utils'
import { useDocumentTitle } from '@/lib/use-document-title'

function BelowTheFold({ children, className }: { children: ReactNode; className?: string }) {
  return <div className={cn('render-when-visible', className)}>{children}</div>
}

/** The landing page, its sections in the spec's order; the footer follows in the layout. */
export function HomePage() {
  useDocumentTitle(null)
  const isSignedIn = useIsSignedInCustomer()
  return (
    <>
      <Hero />
      <BelowTheFold>
        <FeatureGrid />
      </BelowTheFold>
      <BelowTheFold className="border-t bg-muted/30">
        <LandingSportsSection />
      </BelowTheFold>
      <BelowTheFold>
        <LatestPostsSection />
      </BelowTheFold>
      <section
        id={plansSectionId}
        aria-labelledby="plans-heading"
        className="render-when-visible mx-auto max-w-7xl px-4 py-20 sm:px-6 lg:px-8"
      >
        <SectionHeading
          id="plans-heading"
          eyebrow="Pricing"
          title="Choose Your Perfect Plan"
          description={
            isSignedIn
              ? 'Choose a plan and term to renew or change yours in My account.'
              : 'Every plan includes a 24-hour free trial. No credit card, cancel anytime.'
          }
          align="center"
        />
        <PlansList cardHeading="h3" />
      </section>
      <BelowTheFold>
        <Testimonials />
      </BelowTheFold>
    </>
  )
}
