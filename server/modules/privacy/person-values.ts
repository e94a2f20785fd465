import { erasedText } from '../../../common/privacy'
import type { PersonRow } from './person-records'

// Shorter values (a two-letter first name) would cut pieces out of ordinary words.
const minLength = 3

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/**
 * The values that identify a person in free text written about them (a payment's reference, a
 * refund's reason, an admin's note on their line): name, names, e-mail and its local part,
 * Telegram with and without its @, WhatsApp. Longest first, so a full name goes before its parts.
 */
export function identifyingValues(person: PersonRow): string[] {
  const values = [
    person.name,
    person.firstName,
    person.lastName,
    person.email,
    person.email.split('@')[0]!,
    person.telegram,
    person.telegram?.replace(/^@/, ''),
    person.whatsapp,
  ]
  const kept = values.flatMap((value) => {
    const trimmed = value?.trim() ?? ''
    return trimmed.length >= minLength ? [trimmed] : []
  })
  return [...new Set(kept)].sort((a, b) => b.length - a.length)
}

/**
 * Replaces each value where it stands as a whole word, in any case: "Lina" goes from "Lina paid
 * cash", not from "Linalool". Letters and digits of any script count as word characters.
 */
export function textScrubber(values: string[]): (text: string) => string {
  if (!values.length) return (text) => text
  const pattern = new RegExp(
    `(?<![\\p{L}\\p{N}])(?:${values.map(escapeRegExp).join('|')})(?![\\p{L}\\p{N}])`,
    'giu',
  )
  return (text) => text.replace(pattern, erasedText)
}

/** `scrub` applied to every string inside a JSON value (an audit entry's details). */
export function scrubDeep<T>(value: T, scrub: (text: string) => string): T {
  if (typeof value === 'string') return scrub(value) as T
  if (Array.isArray(value)) return value.map((item) => scrubDeep(item, scrub)) as T
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, scrubDeep(item, scrub)]),
    ) as T
  }
  return value
}
