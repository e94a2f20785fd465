import { lazy, Suspense, useEffect, useRef, type ReactNode } from 'react'
import { Route, Switch, useLocation } from 'wouter'
import { appRoutes } from '@common/routes'
import { PublicLayout } from '@/components/layout/public-layout'
import { Spinner } from '@/components/ui/spinner'
import { useLegalFooterLinks } from '@/features/legal-pages/api/get-published-legal-pages'
import { BlogPage } from './routes/blog'
import { BlogPostPage } from './routes/blog-post'
import { DeviceGuidePage } from './routes/device-guide'
import { DevicesPage } from './routes/devices'
import { HomePage } from './routes/home'
import { LegalPagePage } from './routes/legal-page'
import { NotFoundPage } from './routes/not-found'
import { PlansPage } from './routes/plans'
import { SportsPage } from './routes/sports'
import { SupportPage } from './routes/support'

// A separate chunk: visitors of the public pages never download the Business Center.
const AdminRoute = lazy(() =>
  import('./routes/admin/admin-route').then((module) => ({ default: module.AdminRoute })),
)

// The customer's own pages, with the QR encoder they alone use: only their visitors fetch them.
const AccountRoute = lazy(() =>
  import('./routes/account/account-route').then((module) => ({ default: module.AccountRoute })),
)

/**
 * A new page starts at its top, as it would on a full page load. The loaded page itself keeps
 * where the browser put it: the visitor may have scrolled (or the address named an anchor)
 * before hydration finished.
 */
function ScrollToTopOnNavigate() {
  const [location] = useLocation()
  const shownLocation = useRef(location)
  useEffect(() => {
    if (shownLocation.current === location) return
    shownLocation.current = location
    window.scrollTo(0, 0)
  }, [location])
  return null
}

function PageLoading() {
  return (
    <div className="flex min-h-dvh items-center justify-center">
      <Spinner className="size-8 text-primary" label="Loading" />
    </div>
  )
}

/** The public pages' frame, its footer linking the legal pages that have content. */
function SiteLayout({ children }: { children: ReactNode }) {
  return <PublicLayout footerLinks={useLegalFooterLinks()}>{children}</PublicLayout>
}

export function AppRouter() {
  return (
    <>
      <ScrollToTopOnNavigate />
      <Switch>
        {/* Every address under /admin is the Business Center's: it reads the rest itself. */}
        <Route path={`${appRoutes.admin}/*?`}>
          <Suspense fallback={<PageLoading />}>
            <AdminRoute />
          </Suspense>
        </Route>
        <Route>
          <SiteLayout>
            <Switch>
              <Route path={appRoutes.home} component={HomePage} />
              <Route path={appRoutes.plans} component={PlansPage} />
              <Route path={appRoutes.sports} component={SportsPage} />
              <Route path={appRoutes.support} component={SupportPage} />
              <Route path={appRoutes.blog} component={BlogPage} />
              <Route path={appRoutes.blogPost} component={BlogPostPage} />
              <Route path={`${appRoutes.account}/*?`}>
                <Suspense fallback={<PageLoading />}>
                  <AccountRoute />
                </Suspense>
              </Route>
              <Route path={appRoutes.devices} component={DevicesPage} />
              <Route path={appRoutes.deviceGuide} component={DeviceGuidePage} />
              <Route path={appRoutes.privacy}>
                <LegalPagePage slug="privacy" />
              </Route>
              <Route path={appRoutes.terms}>
                <LegalPagePage slug="terms" />
              </Route>
              <Route component={NotFoundPage} />
            </Switch>
          </SiteLayout>
        </Route>
      </Switch>
    </>
  )
}
