import type { ReactNode } from 'react'
import { SiteFooter } from './site-footer'
import { SiteHeader } from './site-header'

type PublicLayoutProps = {
  /** Footer links whose pages exist, by label (see SiteFooter). */
  footerLinks?: Record<string, string>
  children: ReactNode
}

export function PublicLayout({ footerLinks, children }: PublicLayoutProps) {
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-primary px-4 py-2 text-primary-foreground focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:px-4 focus:py-2"
      >
        Skip to content
      </a>
      <SiteHeader />
      <main id="main" tabIndex={-1} className="flex-1 outline-none">
        {children}
      </main>
      <SiteFooter links={footerLinks} />
    </div>
  )
}
