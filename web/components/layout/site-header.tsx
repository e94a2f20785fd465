import { Link, useLocation } from 'wouter'
import { appRoutes } from '@common/routes'
import { ThemeToggle } from '@/components/theme/theme-toggle'
import { StartTrialButton } from '@/components/start-trial-button'
import { Button } from '@/components/ui/button'
import { useIsSignedInCustomer } from '@/lib/signed-in-customer'
import { cn } from '@/lib/utils'
import { BrandLogo } from './brand-logo'
import { MobileNav } from './mobile-nav'
import { navLinks } from './nav-links'
import { useShowPlans } from './use-show-plans'

const navItemClassName =
  'rounded-md px-3 py-2 text-sm font-medium text-muted-foreground transition-colors outline-none hover:bg-accent hover:text-accent-foreground focus-visible:ring-[3px] focus-visible:ring-ring/60'

export function SiteHeader() {
  const [location] = useLocation()
  const showPlans = useShowPlans()
  const isSignedIn = useIsSignedInCustomer()
  const accountCurrent = location.startsWith(appRoutes.account) ? 'page' : undefined

  return (
    <header className="sticky top-0 z-40 border-b bg-background">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-4 px-4 sm:px-6 lg:px-8">
        <BrandLogo />
        <nav aria-label="Main" className="ml-6 hidden items-center gap-1 md:flex">
          {navLinks.map((link) => (
            <Link
              key={link.href}
              href={link.href}
              aria-current={location === link.href ? 'page' : undefined}
              className={cn(navItemClassName, 'aria-[current=page]:text-foreground')}
            >
              {link.label}
            </Link>
          ))}
          <button type="button" className={navItemClassName} onClick={showPlans}>
            Plans
          </button>
          <button type="button" className={navItemClassName}>
            Features
          </button>
        </nav>
        <div className="ml-auto flex items-center gap-2">
          <ThemeToggle />
          {/* Signed in, the way back to one's own page takes the trial's place. */}
          {isSignedIn ? (
            <Button asChild className="hidden sm:inline-flex">
              <Link href={appRoutes.account} aria-current={accountCurrent}>
                My account
              </Link>
            </Button>
          ) : (
            <>
              <Link
                href={appRoutes.account}
                aria-current={accountCurrent}
                className={cn(navItemClassName, 'hidden sm:inline-flex')}
              >
                My account
              </Link>
              <StartTrialButton className="hidden sm:inline-flex">
                Start Free Trial
              </StartTrialButton>
            </>
          )}
          <MobileNav onShowPlans={showPlans} isSignedIn={isSignedIn} />
        </div>
      </div>
    </header>
  )
}
