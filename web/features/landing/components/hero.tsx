import { CalendarCheck, Clock, ShieldCheck, type LucideIcon } from 'lucide-react'
import { Link } from 'wouter'
import { appRoutes } from '@common/routes'
import { StartTrialButton } from '@/components/start-trial-button'
import { Button } from '@/components/ui/button'
import { plansSectionId, scrollToSection } from '@/lib/scroll'
import { useIsSignedInCustomer } from '@/lib/signed-in-customer'
import { useSiteConfig } from '@/lib/site-config'
import { HeroScreen } from './hero-screen'

const heroBadges: { label: string; icon: LucideIcon }[] = [
  { label: '24-Hour Free Trial', icon: Clock },
  { label: 'Cancel Anytime', icon: CalendarCheck },
  { label: 'No Commitment', icon: ShieldCheck },
]

/** The landing's opening: promise, the two calls to action and the trial terms. */
const primaryClassName =
  'bg-gradient-to-r from-violet-600 to-fuchsia-600 px-8 text-white shadow-lg shadow-violet-900/40 hover:from-violet-500 hover:to-fuchsia-500 focus-visible:ring-offset-slate-950'

export function Hero() {
  const site = useSiteConfig()
  const isSignedIn = useIsSignedInCustomer()
  return (
    // Dark in both themes: the cinema look of a streaming service.
    <section
      aria-labelledby="hero-heading"
      className="relative isolate overflow-hidden bg-slate-950 text-white"
    >
      <div
        aria-hidden
        className="absolute inset-0 -z-10 bg-[radial-gradient(50rem_28rem_at_15%_0%,rgb(124_58_237/0.45),transparent),radial-gradient(40rem_26rem_at_90%_100%,rgb(192_38_211/0.25),transparent),radial-gradient(30rem_20rem_at_100%_0%,rgb(14_165_233/0.18),transparent)]"
      />
      <div
        aria-hidden
        className="absolute inset-0 -z-10 bg-[linear-gradient(rgb(255_255_255/0.04)_1px,transparent_1px),linear-gradient(90deg,rgb(255_255_255/0.04)_1px,transparent_1px)] [mask-image:radial-gradient(ellipse_at_center,black,transparent_75%)] bg-[size:3rem_3rem]"
      />
      <div className="mx-auto grid max-w-7xl items-center gap-14 px-4 pt-16 pb-20 sm:px-6 sm:pt-24 sm:pb-28 lg:grid-cols-[1.1fr_1fr] lg:px-8">
        <div className="flex flex-col items-start gap-7">
          <p className="flex items-center gap-2 rounded-full border border-white/15 bg-white/5 px-3 py-1 text-sm font-medium text-violet-100">
            <span
              aria-hidden
              className="size-2 rounded-full bg-red-500 motion-safe:animate-pulse"
            />
            Live TV · Sports · Movies
          </p>
          <h1
            id="hero-heading"
            className="text-4xl leading-[1.05] font-extrabold tracking-tight text-balance sm:text-6xl"
          >
            Stream everything you love,{' '}
            <span className="bg-gradient-to-r from-violet-300 via-fuchsia-300 to-sky-300 bg-clip-text text-transparent">
              live in HD.
            </span>
          </h1>
          <p className="max-w-xl text-lg text-pretty text-slate-300 sm:text-xl">
            {site.brandName} brings live TV, the biggest matches and on-demand favourites to every
            screen you own, ad-free. Try it free for 24 hours, no credit card required.
          </p>
          <div className="flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
            {/* A signed-in customer has had their trial: their own page instead. */}
            {isSignedIn ? (
              <Button asChild size="lg" className={primaryClassName}>
                <Link href={appRoutes.account}>MY ACCOUNT</Link>
              </Button>
            ) : (
              <StartTrialButton size="lg" className={primaryClassName}>
                START TRIAL
              </StartTrialButton>
            )}
            {/* A link, so a tap before the app has hydrated still reaches the plans. */}
            <Button
              asChild
              size="lg"
              variant="outline"
              className="border-white/25 bg-white/5 px-8 text-white hover:bg-white/10 hover:text-white focus-visible:ring-offset-slate-950"
            >
              <a
                href={`#${plansSectionId}`}
                onClick={(event) => {
                  if (scrollToSection(plansSectionId)) event.preventDefault()
                }}
              >
                VIEW PLANS
              </a>
            </Button>
          </div>
          {/* A signed-in customer has had their trial: its terms are not for them. */}
          {!isSignedIn && (
            <ul aria-label="Trial terms" className="flex flex-wrap gap-2.5">
              {heroBadges.map(({ label, icon: Icon }) => (
                <li
                  key={label}
                  className="flex items-center gap-2 rounded-full border border-white/10 bg-white/5 px-3 py-1.5 text-sm font-medium text-slate-200"
                >
                  <Icon className="size-4 text-violet-300" aria-hidden />
                  {label}
                </li>
              ))}
            </ul>
          )}
        </div>
        <HeroScreen />
      </div>
    </section>
  )
}
