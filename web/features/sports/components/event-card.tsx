import { CalendarClock } from 'lucide-react'
import type { SportsEvent } from '@common/sports'
import { eventBadge, eventStart } from '@common/sports-rules'
import { EventBadge } from './event-badge'

const dateTimeFormat = new Intl.DateTimeFormat(undefined, {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
})
// A date without a time is a calendar day: shown as is, not shifted into the visitor's zone.
const dateFormat = new Intl.DateTimeFormat(undefined, {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  timeZone: 'UTC',
})

/** The event's start in the visitor's time zone. */
function startLabel(event: SportsEvent): string {
  const start = eventStart(event)
  if (start === Number.MAX_SAFE_INTEGER) return 'Date to be announced'
  return (event.strTime ? dateTimeFormat : dateFormat).format(new Date(start))
}

function Team({ name, score }: { name: string; score: string | null }) {
  return (
    <span className="flex items-center justify-between gap-3">
      <span className="truncate">{name}</span>
      {score !== null && <span className="text-xl font-bold tabular-nums">{score}</span>}
    </span>
  )
}

type EventCardProps = { event: SportsEvent; now: Date; headingAs: 'h2' | 'h3' }

/** A fixture: teams (or the event's name), scores when live, league, sport and start time. */
export function EventCard({ event, now, headingAs: Heading }: EventCardProps) {
  const { strHomeTeam: home, strAwayTeam: away } = event
  return (
    <article
      aria-label={event.strEvent}
      className="flex flex-col gap-4 rounded-2xl border bg-card p-5 text-card-foreground shadow-sm transition-shadow hover:shadow-md"
    >
      <div className="flex items-center justify-between gap-3">
        <EventBadge badge={eventBadge(event, now)} />
        <span className="truncate text-xs font-medium text-muted-foreground">{event.strSport}</span>
      </div>
      <Heading className="flex flex-col gap-2 font-semibold">
        {home !== null && away !== null ? (
          <>
            <Team name={home} score={event.intHomeScore} />
            <span className="sr-only">versus</span>
            <Team name={away} score={event.intAwayScore} />
          </>
        ) : (
          event.strEvent
        )}
      </Heading>
      <div className="mt-auto flex flex-col gap-1 border-t pt-3 text-sm text-muted-foreground">
        <span className="font-medium text-foreground">{event.strLeague}</span>
        <span className="flex items-center gap-1.5">
          <CalendarClock className="size-4" aria-hidden />
          {startLabel(event)}
        </span>
      </div>
    </article>
  )
}
