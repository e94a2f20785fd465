import { and, asc, eq, gte, isNotNull } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { panelCalls } from '../../db/schema/panel-calls'
import { supplierState } from '../../db/schema/supplier-state'
import type { SupplierSettings } from '../../../common/settings'

const dayMs = 24 * 60 * 60 * 1000
const windowDays = 30

export type CreditsForecast = {
  /** Credits spent a day over the last 30 days; null until two readings an hour apart exist. */
  dailySpend: number | null
  /** Whole days the balance lasts at that rate; null when nothing is being spent, or unknown. */
  daysLeft: number | null
}

/**
 * Works out the spend from the balances the panel answered (`user_info`, kept in the ledger) over
 * the last 30 days: each fall between two readings is spending, a rise a top-up that is not. The
 * rate is per day of the readings' span, at least a day, so a morning's burst is not a month's.
 */
export async function creditsForecast(
  db: Db,
  credits: number | null,
  now: Date,
): Promise<CreditsForecast> {
  const readings = await db
    .select({ at: panelCalls.at, credits: panelCalls.credits })
    .from(panelCalls)
    .where(
      and(
        isNotNull(panelCalls.credits),
        gte(panelCalls.at, new Date(now.getTime() - windowDays * dayMs)),
      ),
    )
    .orderBy(asc(panelCalls.at))
  const first = readings[0]
  const last = readings.at(-1)
  if (!first || !last || last.at.getTime() - first.at.getTime() < dayMs / 24) {
    return { dailySpend: null, daysLeft: null }
  }
  let spent = 0
  for (let i = 1; i < readings.length; i++) {
    spent += Math.max(0, readings[i - 1]!.credits! - readings[i]!.credits!)
  }
  const spanDays = Math.max(1, (now.getTime() - first.at.getTime()) / dayMs)
  const dailySpend = Math.round((spent / spanDays) * 10) / 10
  const daysLeft = credits !== null && dailySpend > 0 ? Math.floor(credits / dailySpend) : null
  return { dailySpend, daysLeft }
}

type AlertSettings = Pick<
  SupplierSettings,
  'creditAlertThreshold' | 'creditDaysAlert' | 'creditsPerLine'
>

/**
 * Why the credits are short, in the admins' words; null while they are not (or are unknown): below
 * the alert threshold, below the cost of the next 10 lines, or lasting fewer days than the setting.
 */
export function creditsShortReason(
  credits: number | null,
  { daysLeft }: CreditsForecast,
  settings: AlertSettings,
): string | null {
  if (credits === null) return null
  if (credits < settings.creditAlertThreshold) {
    return `${credits} credits left on the supplier panel (the alert is set below ${settings.creditAlertThreshold}).`
  }
  if (credits < 10 * settings.creditsPerLine) {
    return `${credits} credits left on the supplier panel: less than the next 10 lines cost (${10 * settings.creditsPerLine}).`
  }
  if (daysLeft !== null && daysLeft < settings.creditDaysAlert) {
    return `${credits} credits left on the supplier panel: about ${daysLeft} days at the current rate.`
  }
  return null
}

/** Whether the last reading of the credits found them short (the sync keeps it): trials wait. */
export async function isShortOfCredits(db: Db): Promise<boolean> {
  const [state] = await db
    .select({ isShort: supplierState.isCreditAlerted })
    .from(supplierState)
    .where(eq(supplierState.id, 1))
  return state?.isShort ?? false
}
