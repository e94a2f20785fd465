import { Mail } from 'lucide-react'
import type { ReactNode } from 'react'
import { Link } from 'wouter'
import { Button } from '@/components/ui/button'
import { site } from '@/lib/site-config'
import { BrandLogo } from './brand-logo'

const linkClassName =
  'rounded-sm text-sm text-muted-foreground transition-colors outline-none hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/60'

/** A link the spec lists without a destination: an `<a>` without href is a placeholder. */
function PlaceholderLink({ children }: { children: ReactNode }) {
  return <a className="text-sm text-muted-foreground">{children}</a>
}

function FooterColumn({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div>
      <h2 className="text-sm font-semibold">{title}</h2>
      <ul className="mt-4 flex flex-col gap-3">{children}</ul>
    </div>
  )
}

type SiteFooterProps = { onStartTrial: () => void }

export function SiteFooter({ onStartTrial }: SiteFooterProps) {
  return (
    <footer className="border-t bg-muted/30">
      <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 lg:px-8">
        <div className="flex flex-col items-start justify-between gap-6 rounded-2xl bg-gradient-to-br from-violet-600 to-indigo-700 p-8 text-white shadow-lg sm:flex-row sm:items-center">
          <div>
            <p className="text-2xl font-bold tracking-tight">Ready to start watching?</p>
            <p className="mt-1 text-violet-100">
              24 hours free, no credit card needed. Cancel anytime.
            </p>
          </div>
          <Button
            size="lg"
            variant="secondary"
            className="bg-white text-violet-700 hover:bg-violet-50 focus-visible:ring-white"
            onClick={onStartTrial}
          >
            Start Your Free Trial
          </Button>
        </div>

        <div className="mt-12 grid grid-cols-2 gap-8 md:grid-cols-5">
          <div className="col-span-2 md:col-span-1">
            <BrandLogo />
            <p className="mt-4 text-sm text-muted-foreground">
              Live TV and sports in HD, ad-free, on every device.
            </p>
          </div>
          <FooterColumn title="Watch">
            <li>
              <Link href="/sports" className={linkClassName}>
                Live Sports
              </Link>
            </li>
            <li>
              <Link href="/blog" className={linkClassName}>
                Blog
              </Link>
            </li>
          </FooterColumn>
          <FooterColumn title="Support">
            <li>
              <PlaceholderLink>Help Center</PlaceholderLink>
            </li>
            <li>
              <PlaceholderLink>Contact Us</PlaceholderLink>
            </li>
            <li>
              <PlaceholderLink>Device Support</PlaceholderLink>
            </li>
            <li>
              <PlaceholderLink>System Status</PlaceholderLink>
            </li>
          </FooterColumn>
          <FooterColumn title="Company">
            <li>
              <PlaceholderLink>About Us</PlaceholderLink>
            </li>
            <li>
              <PlaceholderLink>Press</PlaceholderLink>
            </li>
          </FooterColumn>
          <FooterColumn title="Legal">
            <li>
              <PlaceholderLink>Privacy Policy</PlaceholderLink>
            </li>
            <li>
              <PlaceholderLink>Terms of Service</PlaceholderLink>
            </li>
            <li>
              <PlaceholderLink>Cookie Policy</PlaceholderLink>
            </li>
          </FooterColumn>
        </div>

        <div className="mt-12 flex flex-col gap-4 border-t pt-8 text-sm text-muted-foreground sm:flex-row sm:items-center sm:justify-between">
          <p>
            © {new Date().getFullYear()} {site.brandName}. All rights reserved.
          </p>
          <a href={`mailto:${site.supportEmail}`} className={`${linkClassName} flex items-center gap-2`}>
            <Mail className="size-4" aria-hidden />
            {site.supportEmail}
          </a>
        </div>
      </div>
    </footer>
  )
}
