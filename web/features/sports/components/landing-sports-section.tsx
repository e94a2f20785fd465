import { ArrowRight, RefreshCw, Trophy } from 'lucide-react'
import { Link } from 'wouter'
import { landingEventsShown } from '@common/sports-rules'
import { SectionHeading } from '@/components/section-heading'
import { StatusMessage } from '@/components/status-message'
import { Button } from '@/components/ui/button'
import { useHydratedNow } from '@/lib/use-is-hydrated'
import { useSportsEvents } from '../api/get-sports-events'
import { EventCard } from './event-card'
import { EventCardsSkeleton } from './event-cards-skeleton'

const gridClassName = 'grid gap-5 sm:grid-cols-2 lg:grid-cols-3'

/** The landing's next fixtures (six), with a way to the full schedule. */
export function LandingSportsSection() {
  const events = useSportsEvents('landing')
  const shown = events.data?.slice(0, landingEventsShown) ?? []
  const now = useHydratedNow(events.dataUpdatedAt)

  return (
    <section
      aria-labelledby="sports-heading"
      className="mx-auto max-w-7xl px-4 py-20 sm:px-6 lg:px-8"
    >
      <SectionHeading
        id="sports-heading"
        eyebrow="Live sports"
        title="Catch every big match"
        description="Football, basketball, American football and more from the top leagues, live and in HD."
        action={
          <Button asChild variant="outline">
            <Link href="/sports">
              View All Sports
              <ArrowRight aria-hidden />
            </Link>
          </Button>
        }
      />
      {events.isPending ? (
        <EventCardsSkeleton count={landingEventsShown} className={gridClassName} />
      ) : shown.length === 0 ? (
        <StatusMessage
          icon={Trophy}
          action={
            <Button
              variant="outline"
              disabled={events.isFetching}
              onClick={() => void events.refetch()}
            >
              <RefreshCw
                aria-hidden
                className={events.isFetching ? 'motion-safe:animate-spin' : ''}
              />
              Refresh Events
            </Button>
          }
        >
          Sports events will appear here soon. Check back later for live updates!
        </StatusMessage>
      ) : (
        <div className={gridClassName}>
          {shown.map((event) => (
            <EventCard key={event.idEvent} event={event} now={now} headingAs="h3" />
          ))}
        </div>
      )}
    </section>
  )
}
