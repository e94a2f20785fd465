import { Clock, SearchX } from 'lucide-react'
import { useState } from 'react'
import { StatusMessage } from '@/components/status-message'
import { Button } from '@/components/ui/button'
import { useHydratedNow } from '@/lib/use-is-hydrated'
import { useSportsEvents } from '../api/get-sports-events'
import { EventCard } from './event-card'
import { eventGridClassName, EventCardsSkeleton } from './event-cards-skeleton'
import { SportFilter } from './sport-filter'

/** The /sports page's body: sport filter, every upcoming and live event, and a count. */
export function SportsSchedule() {
  const events = useSportsEvents('all')
  const [sport, setSport] = useState<string | null>(null)
  const now = useHydratedNow(events.dataUpdatedAt)

  if (events.isPending) return <EventCardsSkeleton count={8} />

  const all = events.data ?? []
  const sports = [...new Set(all.map((event) => event.strSport))].sort()
  const shown = sport ? all.filter((event) => event.strSport === sport) : all
  const handleShowAll = () => {
    setSport(null)
    if (events.isError || all.length === 0) void events.refetch()
  }

  return (
    <div className="flex flex-col gap-8">
      {sports.length > 0 && <SportFilter sports={sports} value={sport} onChange={setSport} />}
      {shown.length === 0 ? (
        <StatusMessage
          icon={SearchX}
          title="No Events Found"
          action={
            <Button variant="outline" onClick={handleShowAll}>
              Show All Sports
            </Button>
          }
        >
          There are no upcoming events to show right now. Check back soon.
        </StatusMessage>
      ) : (
        <div className={eventGridClassName}>
          {shown.map((event) => (
            <EventCard key={event.idEvent} event={event} now={now} headingAs="h2" />
          ))}
        </div>
      )}
      <p className="flex items-center justify-center gap-2 text-sm text-muted-foreground">
        <Clock className="size-4" aria-hidden />
        Showing {shown.length} {shown.length === 1 ? 'event' : 'events'}. Events update every 5
        minutes.
      </p>
    </div>
  )
}
