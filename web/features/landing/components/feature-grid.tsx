import {
  Globe,
  MonitorPlay,
  MonitorSmartphone,
  Rocket,
  ShieldCheck,
  Zap,
  type LucideIcon,
} from 'lucide-react'
import { SectionHeading } from '@/components/section-heading'

const features: { title: string; description: string; icon: LucideIcon }[] = [
  {
    title: 'HD Streaming',
    description: 'Crystal-clear HD and 4K picture with no ads and no interruptions.',
    icon: MonitorPlay,
  },
  {
    title: 'Watch Anywhere',
    description: 'Your TV, laptop, tablet or phone: one subscription on every screen.',
    icon: MonitorSmartphone,
  },
  {
    title: 'Instant Access',
    description: 'Request your trial in a minute. No credit card and no lengthy sign-up.',
    icon: Zap,
  },
  {
    title: 'Global Content',
    description: 'Channels, leagues and shows from around the world in one place.',
    icon: Globe,
  },
  {
    title: 'Family Safe',
    description: 'Family-friendly channels and content for every age in the household.',
    icon: ShieldCheck,
  },
  {
    title: 'Instant Streaming',
    description: 'Press play and go: fast start-up and smooth playback, even on match day.',
    icon: Rocket,
  },
]

/** The six promises of the service. */
export function FeatureGrid() {
  return (
    <section
      aria-labelledby="features-heading"
      className="mx-auto max-w-7xl px-4 py-20 sm:px-6 lg:px-8"
    >
      <SectionHeading
        id="features-heading"
        eyebrow="Why viewers switch"
        title="Everything you want to watch, nothing you don't"
        description="Premium streaming without the contracts, the clutter or the adverts."
        align="center"
      />
      <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
        {features.map(({ title, description, icon: Icon }) => (
          <li
            key={title}
            className="group rounded-2xl border bg-card p-6 shadow-sm transition-[box-shadow,border-color] hover:border-primary/40 hover:shadow-md"
          >
            <span className="flex size-12 items-center justify-center rounded-xl bg-gradient-to-br from-violet-600 to-fuchsia-600 text-white shadow-md shadow-violet-500/20">
              <Icon className="size-6" aria-hidden />
            </span>
            <h3 className="mt-5 text-lg font-semibold">{title}</h3>
            <p className="mt-2 text-muted-foreground">{description}</p>
          </li>
        ))}
      </ul>
    </section>
  )
}
