/**
 * One free trial per person (docs/spec-gaps.md §1): the keys under which two requests count as the
 * same person. Each is a canonical spelling of a contact, or null where none can be derived.
 * docs/decisions/0007-one-trial-per-person.md explains which providers are folded and why.
 */
import { parsePhoneNumberFromString } from 'libphonenumber-js'
import unhomoglyph from 'unhomoglyph'
import { normalizeEmail } from '../../../common/email-address'

/**
 * The version of the rules below. Raise it with any change that derives another key from the
 * same contact: start-up then derives the stored requests' keys again (trial-identity-refresh.ts).
 */
export const trialIdentityRulesVersion = 3

// Telegram usernames start with a letter; real ones have 5–32 characters, kept lenient here.
const telegramUsername = /^[a-z][a-z0-9_]{2,31}$/
const telegramLink = /^(?:https?:\/\/)?(?:www\.)?(?:t|telegram)\.me\//

// Capital letters, and the Lisu script's letters, which are drawn as Latin capitals.
const capitalShaped = /[\p{Lu}\p{Lt}\p{Script=Lisu}]/u

/**
 * A non-ASCII character as the ASCII it looks like. The confusables list folds a capital `I`
 * and `l` alike to `l`, but Telegram usernames ignore case, so a capital shaped like `I` (the
 * Cyrillic `І`, the Greek `Ι`) reads as `i`; other capitals fold to the Latin capital they look
 * like (Cyrillic `Н` to `H`), and so to its lower case.
 */
function foldLookAlike(char: string): string {
  if (char <= '\x7f') return char
  const folded = unhomoglyph(char)
  return capitalShaped.test(char) ? folded.replaceAll('l', 'i') : folded
}

/**
 * Telegram usernames are ASCII, so a handle written with full-width letters, accents, invisible
 * characters or look-alikes from other scripts (a Cyrillic `а`) names, to a reader, the ASCII
 * account it resembles. Only non-ASCII characters are folded, through Unicode's confusables list
 * (UTS #39): `1` and `l`, or `rn` and `m`, are different usernames on Telegram itself.
 */
function foldLookAlikes(text: string): string {
  const fold = (chars: string) => [...chars].map(foldLookAlike).join('')
  // Look-alikes as written first: compatibility decomposition turns a lunate `Ϲ` into `Σ`.
  const plain = fold(text)
    .normalize('NFKD')
    .replace(/[\p{M}\p{Default_Ignorable_Code_Point}]/gu, '')
  return fold(plain)
}

/** A Telegram username from `@Name`, `name`, or a t.me link: `name`. Null if it is none. */
export function normalizeTelegram(handle: string | null | undefined): string | null {
  if (!handle) return null
  const name = foldLookAlikes(handle)
    .trim()
    .toLowerCase()
    .replace(telegramLink, '')
    .replace(/^@/, '')
    .replace(/[/?#].*$/, '')
  return telegramUsername.test(name) ? name : null
}

/**
 * Digits of any script as ASCII (`٤٤` → `44`): Unicode encodes each script's digits as ten
 * consecutive code points from zero, so a digit's value is its distance from the run's start.
 */
function asciiDigits(text: string): string {
  const isDigit = (codePoint: number) => /\p{Nd}/u.test(String.fromCodePoint(codePoint))
  return text.replace(/\p{Nd}/gu, (digit) => {
    const codePoint = digit.codePointAt(0)!
    let start = codePoint
    while (isDigit(start - 1)) start--
    return String((codePoint - start) % 10)
  })
}

const whatsappLink = /^(?:https?:\/\/)?(?:wa\.me\/|api\.whatsapp\.com\/send\/?\?phone=)\+?(\d+)/

/**
 * A WhatsApp number in E.164 (`+447700900123`) from `+44 (0)7700 900-123`, `0044 7700 900123`,
 * a wa.me link, in full-width or any script's digits, as libphonenumber-js parses it. Null without
 * a country code (no default country can be assumed here) or when no such number can exist.
 */
export function normalizeWhatsapp(number: string | null | undefined): string | null {
  if (!number) return null
  const text = asciiDigits(number.normalize('NFKC')).trim().toLowerCase()
  const linked = whatsappLink.exec(text)?.[1]
  // "0044 …": 00 is the international prefix of most countries, + of all.
  const international = linked ? `+${linked}` : text.replace(/^(\(?)00/, '$1+')
  const parsed = parsePhoneNumberFromString(international)
  return parsed?.isPossible() ? parsed.number : null
}

export type PersonKeys = { email: string; telegram: string | null; whatsapp: string | null }

/** The keys under which a request's contacts are compared with earlier requests. */
export function personKeys(contacts: {
  email: string
  telegram?: string | null
  whatsapp?: string | null
}): PersonKeys {
  return {
    email: normalizeEmail(contacts.email),
    telegram: normalizeTelegram(contacts.telegram),
    whatsapp: normalizeWhatsapp(contacts.whatsapp),
  }
}
