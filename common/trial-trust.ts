import type { TrialTrustSettings } from './settings'
import type { TrialTrust } from './trial-requests'

/** What the server found out about a new trial request, for `assessTrust`. */
export type TrustSignals = {
  firstName: string
  lastName: string
  email: string
  /** The address's domain when it is on the disposable-domain list, else null. */
  disposableDomain: string | null
  /** Earlier requests from the same network (/24 or /64) since `networkWindowStart(now)`. */
  networkRequests: number
  /** This person's trial expired (or was cancelled) before. */
  hadTrialBefore: boolean
}

/** Points each rule takes from a perfect 100. */
export const trustPenalties = {
  disposableEmail: 50,
  network: 30,
  earlierTrial: 30,
  generatedName: 15,
  generatedEmail: 15,
} as const

const networkWindowMs = 24 * 60 * 60 * 1000

/** Requests since this instant count towards the network rule. */
export function networkWindowStart(now: Date): Date {
  return new Date(now.getTime() - networkWindowMs)
}

function longestConsonantRun(word: string): number {
  return Math.max(0, ...(word.match(/[b-df-hj-np-tv-xz]+/g) ?? []).map((run) => run.length))
}

// Six consonants in a row are rare in real names (Hirschsprung has seven: the rule only lowers
// the score, and the admin sees why).
const maxConsonantRun = 5

function hasUnpronounceableWord(text: string): boolean {
  return text.split(/[^a-z]+/).some((word) => longestConsonantRun(word) > maxConsonantRun)
}

/** A name that looks typed by a script: digits in it, or an unpronounceable word. */
export function looksGeneratedName(name: string): boolean {
  const text = name.toLowerCase()
  return /\d/.test(text) || hasUnpronounceableWord(text)
}

/** A mailbox name that looks generated: 5+ digits, digits scattered among letters, or gibberish. */
export function looksGeneratedEmail(email: string): boolean {
  const local = email.toLowerCase().split('@')[0] ?? ''
  const digitCount = local.replace(/\D/g, '').length
  const digitGroups = local.match(/\d+/g)?.length ?? 0
  return digitCount >= 5 || digitGroups >= 3 || hasUnpronounceableWord(local)
}

/**
 * The trust score (100 = nothing suspicious, 0 = every rule hit) with one readable reason per
 * rule that lowered it; `isFlagged` when the score is below the settings' threshold.
 */
export function assessTrust(signals: TrustSignals, settings: TrialTrustSettings): TrialTrust {
  const hits: [number, string][] = []
  if (settings.checksDisposableEmail && signals.disposableDomain)
    hits.push([
      trustPenalties.disposableEmail,
      `Disposable e-mail domain (${signals.disposableDomain})`,
    ])
  if (settings.checksNetwork && signals.networkRequests >= settings.networkRequestsPerDay)
    hits.push([
      trustPenalties.network,
      `${signals.networkRequests} other ${signals.networkRequests === 1 ? 'request' : 'requests'} from the same network in 24 hours`,
    ])
  if (settings.checksEarlierTrial && signals.hadTrialBefore)
    hits.push([trustPenalties.earlierTrial, 'Had a free trial before'])
  if (settings.checksGeneratedLooking) {
    if (looksGeneratedName(`${signals.firstName} ${signals.lastName}`))
      hits.push([trustPenalties.generatedName, 'Name looks generated'])
    if (looksGeneratedEmail(signals.email))
      hits.push([trustPenalties.generatedEmail, 'E-mail address looks generated'])
  }
  const score = Math.max(0, 100 - hits.reduce((sum, [penalty]) => sum + penalty, 0))
  return {
    score,
    reasons: hits.map(([, reason]) => reason),
    isFlagged: score < settings.flagBelowScore,
  }
}
