import { CalendarClock } from 'lucide-react'
import type { SportsEvent } from '@common/sports'
import { eventBadge, eventStart } from '@common/sports-rules'
import { dateFormat } from '@/lib/date-format'
import { englishDay, englishDayTime } from '@/lib/english-utc-date'
import { useIsHydrated } from '@/lib/use-is-hydrated'
import { EventBadge } from './event-badge'

const dayParts = { weekday: 'short', month: 'short', day: 'numeric' } as const
const timeParts = { ...dayParts, hour: 'numeric', minute: '2-digit' } as const
// The visitor's language and zone; a date without a time is a calendar day, shown as is.
const localFormats = {
  dateTime: dateFormat(undefined, timeParts),
  date: dateFormat(undefined, { ...dayParts, timeZone: 'UTC' }),
}
// What the server renders, and the browser until it has hydrated: neither knows the other's.
const serverFormats = { dateTime: englishDayTime, date: englishDay }

/** The event's start in the visitor's time zone (in UTC until the page has hydrated). */
function startLabel(event: SportsEvent, isHydrated: boolean): string {
  const start = eventStart(event)
  if (start === Number.MAX_SAFE_INTEGER) return 'Date to be announced'
  const formats = isHydrated ? localFormats : serverFormats
  return (event.strTime ? formats.dateTime : formats.date)(new Date(start))
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
  const isHydrated = useIsHydrated()
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
          {startLabel(event, isHydrated)}
        </span>
      </div>
    </article>
  )
}
