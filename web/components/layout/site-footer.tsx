import { Mail } from 'lucide-react'
import type { ReactNode } from 'react'
import { Link } from 'wouter'
import { appRoutes } from '@common/routes'
import { StartTrialButton } from '@/components/start-trial-button'
import { useIsSignedInCustomer } from '@/lib/signed-in-customer'
import { useSiteConfig } from '@/lib/site-config'
import { cn } from '@/lib/utils'
import { BrandLogo } from './brand-logo'

const linkClassName =
  'inline-flex items-center gap-2 rounded-sm text-sm text-muted-foreground transition-colors outline-none hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/60'

// Every link leads to a page that exists. The spec's Company pages and System Status have no
// content to show yet, so they are left out rather than shown as links that go nowhere
// (docs/spec-gaps.md); the legal pages are linked once the owner has written them.
const columns = [
  {
    title: 'Watch',
    links: [
      { label: 'Live Sports', href: appRoutes.sports },
      { label: 'Plans', href: appRoutes.plans },
      { label: 'Blog', href: appRoutes.blog },
    ],
  },
  {
    title: 'Help',
    links: [
      { label: 'Device Support', href: appRoutes.devices },
      { label: 'Contact Us', href: appRoutes.support },
      { label: 'My account', href: appRoutes.account },
    ],
  },
]

function FooterColumn({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div>
      <h2 className="text-sm font-semibold">{title}</h2>
      <ul className="mt-4 flex flex-col gap-3">{children}</ul>
    </div>
  )
}

type SiteFooterProps = {
  /** The legal pages the owner has written, by their label ('Privacy Policy' → '/privacy'). */
  links?: Record<string, string>
}

export function SiteFooter({ links = {} }: SiteFooterProps) {
  const site = useSiteConfig()
  // A customer signed in has had their trial: the invitation to one is not for them.
  const isSignedIn = useIsSignedInCustomer()
  const legal = Object.entries(links).map(([label, href]) => ({ label, href }))
  const shown = legal.length ? [...columns, { title: 'Legal', links: legal }] : columns
  return (
    <footer className="border-t bg-muted/30">
      <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 lg:px-8">
        {!isSignedIn && (
          <div className="mb-12 flex flex-col items-start justify-between gap-6 rounded-2xl bg-gradient-to-br from-violet-600 to-indigo-700 p-8 text-white shadow-lg sm:flex-row sm:items-center">
            <div>
              <p className="text-2xl font-bold tracking-tight">Ready to start watching?</p>
              <p className="mt-1 text-violet-100">
                24 hours free, no credit card needed. Cancel anytime.
              </p>
            </div>
            <StartTrialButton
              size="lg"
              variant="secondary"
              className="bg-white text-violet-700 hover:bg-violet-50 focus-visible:ring-white"
            >
              Start Your Free Trial
            </StartTrialButton>
          </div>
        )}

        <div
          className={cn(
            'grid grid-cols-2 gap-8',
            legal.length ? 'md:grid-cols-4' : 'md:grid-cols-3',
          )}
        >
          <div className="col-span-2 md:col-span-1">
            <BrandLogo />
            <p className="mt-4 text-sm text-muted-foreground">
              Live TV and sports in HD, ad-free, on every device.
            </p>
          </div>
          {shown.map((column) => (
            <FooterColumn key={column.title} title={column.title}>
              {column.links.map(({ label, href }) => (
                <li key={label}>
                  <Link href={href} className={linkClassName}>
                    {label}
                  </Link>
                </li>
              ))}
            </FooterColumn>
          ))}
        </div>

        <div className="mt-12 flex flex-col gap-4 border-t pt-8 text-sm text-muted-foreground sm:flex-row sm:items-center sm:justify-between">
          {/* A page rendered on 31 December may be read on the 1st: the year may move on. */}
          <p suppressHydrationWarning>
            © {new Date().getFullYear()} {site.brandName}. All rights reserved.
          </p>
          <a href={`mailto:${site.supportEmail}`} className={linkClassName}>
            <Mail className="size-4" aria-hidden />
            {site.supportEmail}
          </a>
        </div>
      </div>
    </footer>
  )
}
