import {
  CalendarCheck,
  Clock,
  Laptop,
  Play,
  ShieldCheck,
  Smartphone,
  Tablet,
  Tv,
  type LucideIcon,
} from 'lucide-react'
import { PlansSectionPlaceholder } from '@/app/routes/plans-section-placeholder'
import { Button } from '@/components/ui/button'
import { plansSectionId, scrollToSection } from '@/lib/scroll'
import { site } from '@/lib/site-config'
import { useDocumentTitle } from '@/lib/use-document-title'

const heroBadges: { label: string; icon: LucideIcon }[] = [
  { label: '24-Hour Free Trial', icon: Clock },
  { label: 'Cancel Anytime', icon: CalendarCheck },
  { label: 'No Commitment', icon: ShieldCheck },
]

const devices: { label: string; icon: LucideIcon }[] = [
  { label: 'TV', icon: Tv },
  { label: 'Laptop', icon: Laptop },
  { label: 'Tablet', icon: Tablet },
  { label: 'Phone', icon: Smartphone },
]

function HeroScreen() {
  return (
    <div aria-hidden className="relative mx-auto w-full max-w-md lg:max-w-none">
      <div className="absolute -inset-6 rounded-[2rem] bg-gradient-to-tr from-violet-500/30 via-fuchsia-500/20 to-indigo-500/30 blur-2xl" />
      <div className="relative overflow-hidden rounded-2xl border bg-gradient-to-br from-slate-900 via-violet-950 to-indigo-950 shadow-2xl">
        <div className="flex aspect-video items-center justify-center">
          <span className="flex size-16 items-center justify-center rounded-full bg-white/15 ring-1 ring-white/30 backdrop-blur">
            <Play className="size-7 fill-white text-white" />
          </span>
        </div>
        <span className="absolute top-4 left-4 flex items-center gap-1.5 rounded-md bg-red-600 px-2 py-1 text-xs font-bold tracking-wide text-white">
          <span className="size-1.5 rounded-full bg-white" />
          LIVE
        </span>
        <span className="absolute top-4 right-4 rounded-md bg-white/15 px-2 py-1 text-xs font-bold text-white">
          HD
        </span>
        <div className="absolute inset-x-4 bottom-4 h-1 overflow-hidden rounded-full bg-white/20">
          <div className="h-full w-2/3 rounded-full bg-violet-400" />
        </div>
      </div>
      <div className="relative mt-6 grid grid-cols-4 gap-3">
        {devices.map(({ label, icon: Icon }) => (
          <div
            key={label}
            className="flex flex-col items-center gap-2 rounded-xl border bg-card p-3"
          >
            <Icon className="size-5 text-primary" />
            <span className="text-xs text-muted-foreground">{label}</span>
          </div>
        ))}
      </div>
    </div>
  )
}

function Hero() {
  return (
    <section aria-labelledby="hero-heading" className="relative overflow-hidden">
      <div
        aria-hidden
        className="absolute inset-0 -z-10 bg-[radial-gradient(60rem_30rem_at_top_left,color-mix(in_oklch,var(--primary)_18%,transparent),transparent),radial-gradient(40rem_24rem_at_bottom_right,color-mix(in_oklch,var(--primary)_12%,transparent),transparent)]"
      />
      <div className="mx-auto grid max-w-7xl items-center gap-12 px-4 py-16 sm:px-6 sm:py-24 lg:grid-cols-2 lg:px-8">
        <div className="flex flex-col items-start gap-6">
          <p className="rounded-full border bg-card px-3 py-1 text-sm font-medium text-accent-foreground">
            Live TV · Sports · Movies
          </p>
          <h1
            id="hero-heading"
            className="text-4xl font-extrabold tracking-tight sm:text-5xl lg:text-6xl"
          >
            <span className="bg-gradient-to-r from-violet-600 to-indigo-600 bg-clip-text text-transparent dark:from-violet-300 dark:to-indigo-300">
              {site.brandName}
            </span>
            <span className="mt-2 block text-3xl sm:text-4xl lg:text-5xl">
              Stream everything you love.
            </span>
          </h1>
          <p className="max-w-xl text-lg text-muted-foreground">
            Crystal-clear HD streaming with no ads, on every device you own. Try it free for 24
            hours — no credit card required.
          </p>
          <div className="flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
            <Button size="lg">START TRIAL</Button>
            <Button size="lg" variant="outline" onClick={() => scrollToSection(plansSectionId)}>
              VIEW PLANS
            </Button>
          </div>
          <ul className="flex flex-wrap gap-x-6 gap-y-3" aria-label="Trial terms">
            {heroBadges.map(({ label, icon: Icon }) => (
              <li key={label} className="flex items-center gap-2 text-sm font-medium">
                <Icon className="size-4 text-primary" aria-hidden />
                {label}
              </li>
            ))}
          </ul>
        </div>
        <HeroScreen />
      </div>
    </section>
  )
}

export function HomePage() {
  useDocumentTitle(null)
  return (
    <>
      <Hero />
      <section id={plansSectionId} aria-labelledby="plans-heading" className="border-t bg-muted/30">
        <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 sm:py-20 lg:px-8">
          <h2
            id="plans-heading"
            className="text-center text-3xl font-bold tracking-tight sm:text-4xl"
          >
            Choose Your Perfect Plan
          </h2>
          <PlansSectionPlaceholder />
        </div>
      </section>
    </>
  )
}
