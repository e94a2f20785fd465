import { ArrowLeft } from 'lucide-react'
import { Link, useParams } from 'wouter'
import { deviceGuideBySlug, deviceGuides } from '@common/device-guides'
import { appRoutes } from '@common/routes'
import { PageContainer } from '@/components/layout/page-container'
import { PageHeader } from '@/components/layout/page-header'
import { Button } from '@/components/ui/button'
import { LoginDetailsNote } from '@/features/device-guides/components/login-details-note'
import { DeviceGuideLinks } from '@/features/device-guides/components/device-guide-links'
import { useDocumentTitle } from '@/lib/use-document-title'
import { NotFoundPage } from './not-found'

/** One device's setup guide, the same steps the login e-mail gives, with the other guides after. */
export function DeviceGuidePage() {
  const { slug = '' } = useParams<{ slug: string }>()
  const guide = deviceGuideBySlug(slug)
  useDocumentTitle(guide ? `Set up ${guide.title}` : undefined)
  if (!guide) return <NotFoundPage />
  return (
    <PageContainer className="max-w-3xl">
      <Button asChild variant="ghost" className="-ml-3 mb-8">
        <Link href={appRoutes.devices}>
          <ArrowLeft aria-hidden />
          All device guides
        </Link>
      </Button>
      <PageHeader title={`Set up ${guide.title}`} />
      <div className="grid gap-8">
        <ol className="grid gap-4">
          {guide.steps.map((step, index) => (
            <li key={step} className="flex gap-4 rounded-xl border bg-card p-4">
              <span
                aria-hidden
                className="flex size-8 shrink-0 items-center justify-center rounded-full bg-primary font-semibold text-primary-foreground"
              >
                {index + 1}
              </span>
              <span className="self-center">{step}</span>
            </li>
          ))}
        </ol>
        <LoginDetailsNote />
        <section aria-labelledby="other-guides" className="grid gap-3">
          <h2 id="other-guides" className="text-lg font-semibold">
            Other devices
          </h2>
          <DeviceGuideLinks guides={deviceGuides.filter((other) => other.slug !== guide.slug)} />
        </section>
      </div>
    </PageContainer>
  )
}
