const dayMs = 24 * 60 * 60 * 1000

/** Whole days from `now` to `endsAt`, rounded up (ends later today: 1); 0 once it has passed. */
export function daysLeft(endsAt: string | null, now: Date): number | null {
  if (!endsAt) return null
  return Math.max(0, Math.ceil((new Date(endsAt).getTime() - now.getTime()) / dayMs))
}
