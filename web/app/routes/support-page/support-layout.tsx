import { ArrowLeft, Mail, Newspaper, Trophy } from 'lucide-react'
import type { ReactNode } from 'react'
import { Link } from 'wouter'
import { PageContainer } from '@/components/layout/page-container'
import { PageHeader } from '@/components/layout/page-header'
import { Button } from '@/components/ui/button'
import { useSiteConfig } from '@/lib/site-config'

type SupportLayoutProps = {
  /** The notification bell, shown once the visitor has a ticket. */
  bell?: ReactNode
  children: ReactNode
}

/** The support page's own header: Home, Sports, Blog, the support e-mail and the bell. */
export function SupportLayout({ bell, children }: SupportLayoutProps) {
  const site = useSiteConfig()
  return (
    <PageContainer className="py-8 sm:py-12">
      <nav aria-label="Support page" className="mb-8 flex flex-wrap items-center gap-x-2 gap-y-3">
        <Button asChild variant="ghost" className="-ml-3">
          <Link href="/">
            <ArrowLeft aria-hidden />
            Home
          </Link>
        </Button>
        <div className="ml-auto flex flex-wrap items-center justify-end gap-1 sm:gap-2">
          <Button asChild variant="ghost" size="sm">
            <Link href="/sports">
              <Trophy aria-hidden />
              Sports
            </Link>
          </Button>
          <Button asChild variant="ghost" size="sm">
            <Link href="/blog">
              <Newspaper aria-hidden />
              Blog
            </Link>
          </Button>
          <Button asChild variant="outline" size="sm">
            <a href={`mailto:${site.supportEmail}`} title={site.supportEmail}>
              <Mail aria-hidden />
              <span className="sr-only sm:not-sr-only">{site.supportEmail}</span>
              <span className="sm:hidden" aria-hidden>
                Email
              </span>
            </a>
          </Button>
          {bell}
        </div>
      </nav>
      <PageHeader
        title="Customer Support"
        description="Open a ticket and chat live with our support team, or return to a chat with your ticket ID."
      />
      {children}
    </PageContainer>
  )
}
