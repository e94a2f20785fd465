import { z } from 'zod'
import { todayIsoDate } from '@/lib/calendar-date'

const paidOnMessage = 'Paid on must be a date, today or earlier'

/**
 * The day a recorded payment arrived, as the request's `paidAt`. Empty or today is left out, so
 * the server stamps the moment it records it; an earlier day is taken at noon in the admin's time
 * zone, which keeps it on that calendar day in any business time zone within twelve hours.
 */
export const paidOnDate = (today: () => string = todayIsoDate) =>
  z
    .union([z.literal(''), z.iso.date({ error: paidOnMessage })])
    .optional()
    .refine((value) => !value || value <= today(), paidOnMessage)
    .transform((value) => {
      if (!value || value === today()) return undefined
      const [year, month, day] = value.split('-').map(Number)
      return new Date(year!, month! - 1, day!, 12)
    })
