import type { AuditDetails, AuditEntry, AuditSubject } from './audit'
import { providerLabels, type ManualMethod } from './payments'
import { renewalOffReasonLabels, type RenewalOffReason } from './renewals'
import { adminPaths } from './routes'

/**
 * An audit entry as a sentence: "Ada converted Lina Check to Starter Quarterly, 29.99".
 * The subject is kept apart so that a screen can link it (`href`) to where it lives.
 */
export type AuditSentence = {
  actor: string
  /** The words before the subject ("converted", "deleted the discount"). */
  verb: string
  subject: { text: string; href: string | null } | null
  /** The words after the subject (" to Starter Quarterly, 29.99"), or ''. */
  rest: string
  /** How it ended, where that is not plain success ("skipped: another server was running it"). */
  note: string | null
}

type EntityWords = {
  /** Said before a name ("the discount SPRING10"); '' for people, who are named alone. */
  noun: string
  /** Said when the name is not known, and when the entity has been deleted since. */
  unnamed: string
  gone: string
  isQuoted?: boolean
  href?: (entry: AuditEntry) => string | null
  /** By the action's verb: the words before the subject, or before and after it. */
  verbs: Record<string, string | [before: string, after: string]>
}

const person = (entry: AuditEntry) => (entry.entityId ? adminPaths.person(entry.entityId) : null)
/** The person an entry's subject belongs to (a line's owner, a message's addressee). */
const personOfSubject = (entry: AuditEntry) =>
  entry.subject?.personId ? adminPaths.person(entry.subject.personId) : null

const entityWords: Record<string, EntityWords> = {
  trial_request: {
    noun: '',
    unnamed: 'a trial request',
    gone: 'a deleted trial request',
    href: person,
    verbs: {
      update: 'updated the contact details of',
      status: 'changed the follow-up stage of',
      stage: 'changed the follow-up stage of',
      convert: 'converted',
      extend: 'extended the subscription of',
      delete_subscription: 'cancelled the subscription of',
      delete: 'deleted the trial request of',
      trial_expired: 'ended the trial of',
      subscription_expired: 'ended the subscription of',
      scheduled_plan_started: 'started the plan paid in advance for',
      add_note: 'added a note on',
      delete_note: 'deleted a note on',
      record_payment: 'recorded a payment from',
      hold_payment: ['held a payment from', ' for review: it differs from the order'],
      refund_payment: 'refunded a payment to',
      resolve_payment: 'resolved a payment in review from',
      send_sign_in_link: 'sent a sign-in link to',
      customer_sign_out: 'signed out everywhere',
      checkout: 'made a pay link for',
      renew_automatically: ['renewed the subscription of', ' automatically'],
      renewal_declined: ['could not charge the renewal of', ''],
      renewal_line_off: [
        'switched off the line of',
        ': the renewal is unpaid after the grace period',
      ],
      renewal_ended: ['ended the subscription of', ': the renewal could not be charged'],
      retry_renewal: 'retried the renewal of',
      card_saved: 'saved a new renewal card for',
      card_removed: ['noted that Stripe removed the renewal card of', ': renewals need a new card'],
      plan_change: 'changed the plan of',
    },
  },
  plan: {
    noun: 'the plan',
    unnamed: 'a plan',
    gone: 'a deleted plan',
    verbs: { create: 'created', update: 'updated', delete: 'deleted' },
  },
  discount: {
    noun: 'the discount',
    unnamed: 'a discount',
    gone: 'a deleted discount',
    verbs: { create: 'created', update: 'updated', delete: 'deleted' },
  },
  blog_post: {
    noun: 'the post',
    unnamed: 'a post',
    gone: 'a deleted post',
    isQuoted: true,
    verbs: { create: 'wrote', update: 'edited', delete: 'deleted', publish: 'published' },
  },
  legal_page: {
    noun: 'the legal page',
    unnamed: 'a legal page',
    gone: 'a deleted legal page',
    isQuoted: true,
    verbs: { update: 'saved' },
  },
  support_ticket: {
    noun: 'the ticket',
    unnamed: 'a ticket',
    gone: 'a deleted ticket',
    isQuoted: true,
    href: (entry) => (entry.entityId ? adminPaths.ticket(entry.entityId) : null),
    verbs: { update: 'updated', add_note: 'added a private note on' },
  },
  saved_reply: {
    noun: 'the saved reply',
    unnamed: 'a saved reply',
    gone: 'a deleted saved reply',
    isQuoted: true,
    verbs: { create: 'saved', update: 'edited', delete: 'deleted' },
  },
  message_template: {
    noun: 'the e-mail template',
    unnamed: 'an e-mail template',
    gone: 'an e-mail template',
    isQuoted: true,
    verbs: { update: 'edited', reset: ['reset', ' to its default words'] },
  },
  message: {
    noun: 'the',
    unnamed: 'a message',
    gone: 'a message',
    href: personOfSubject,
    verbs: { resend: 'resent', test_send: 'sent a test of' },
  },
  m3u_line: {
    noun: 'the line of',
    unnamed: 'a line',
    gone: 'a deleted line',
    href: personOfSubject,
    verbs: {
      create: 'created',
      autostart: ['created', ' automatically (trial autopilot)'],
      settle: ['created', ', once the supplier panel was checked after not answering in time'],
      follow_subscription: ['updated', ' to follow the subscription'],
      disable: 'disabled',
      enable: 'enabled',
      reset_password: 'reset the password of',
      disable_expired: ['disabled', ', as its time had ended'],
      panel_update: ['sent', ' to the supplier panel'],
    },
  },
  admin_user: {
    noun: 'the admin',
    unnamed: 'an admin',
    gone: 'a removed admin',
    verbs: {
      create: 'added',
      update: 'updated',
      delete: 'removed',
      change_role: 'changed the role of',
      sign_out: ['signed out', ' on every device'],
      change_password: 'changed the password of',
      set_password: 'set a new password for',
      set_support_name: 'changed the support display name of',
      two_factor_setup: 'started two-factor set-up for',
      two_factor_enable: 'turned on two-factor sign-in for',
      two_factor_recovery_codes: 'made new recovery codes for',
      two_factor_disable: 'turned off two-factor sign-in for',
    },
  },
  supplier: {
    noun: 'the difference for',
    unnamed: 'a difference with the supplier panel',
    gone: 'a difference with the supplier panel',
    verbs: { fix_drift: 'put right' },
  },
}

// Changes with no entity to name: the whole sentence.
const wholeSentences: Record<string, string> = {
  'settings.update': 'changed the platform settings',
  'settings.update_security': 'changed the security settings',
  'settings.update_trial_trust': 'changed the trial trust settings',
  'settings.update_supplier': 'changed the supplier panel settings',
  'settings.update_reminders': 'changed the reminder settings',
  'settings.update_renewals': 'changed the renewal settings',
  'maintenance.expire_now': 'ran Expire now',
  'maintenance.backup': 'downloaded a full backup',
  'maintenance.backup_file': 'wrote a backup file',
  'supplier.sync': 'compared our lines with the supplier panel',
  'trial_request.bulk_status': 'changed the follow-up stage of several contacts at once',
}

const notes: Record<string, string> = {
  skipped: 'skipped: another server was already running it',
  replayed: 'a retry: nothing new was bought',
  pending: 'waiting for the supplier panel, which is retried',
}

const manualPayments: Record<ManualMethod, string> = {
  cash: 'a cash payment',
  bank_transfer: 'a bank transfer',
  crypto: 'a crypto payment',
  paypal: 'a PayPal payment',
  other: 'a payment',
}

/** How a customer's own payment is told after what it did (": paid by the customer with Stripe"). */
function paidBy(details: AuditDetails | null): string {
  const provider = details?.payment?.provider
  return provider && provider !== 'manual'
    ? `: paid by the customer with ${providerLabels[provider]}`
    : ''
}

/** "recorded a cash payment from": money an admin received by hand, said as they took it. */
function recordedPayment(details: AuditDetails | null): string {
  return `recorded ${manualPayments[details?.payment?.method ?? 'other']} from`
}

/** "refunded 10.00 EUR to": the amount given back, with the admin's reason after the name. */
function refunded(details: AuditDetails | null): [verb: string, after: string] {
  const refund = details?.refund
  if (!refund) return ['refunded a payment to', '']
  const shortened = refund.shortenedTo ? ', shortening the subscription' : ''
  return [`refunded ${refund.amount} ${refund.currency} to`, `${shortened}: ${refund.reason}`]
}

/** ": the card declined it (insufficient_funds), attempt 2". */
function declined(details: AuditDetails | null): string {
  const renewal = details?.renewal
  return renewal ? `: the card declined it (${renewal.code}), attempt ${renewal.attempt}` : ''
}

const resolutionWords = { accept: 'accepted it', refund: 'refunded it', dismiss: 'dismissed it' }

/** ": accepted it (payment 5f…): the customer paid twice". */
function resolved(details: AuditDetails | null): string {
  const resolution = details?.resolution
  if (!resolution) return ''
  const { action, paymentId, note } = resolution
  return `: ${resolutionWords[action]} (payment ${paymentId}): ${note}`
}

/** The action's verb, in words, for actions this page does not know yet ("close" → "close"). */
const plainVerb = (action: string) => (action.split('.').pop() ?? action).replaceAll('_', ' ')

function converted(subject: AuditSubject | null): string {
  if (!subject?.plan) return ' to a paid plan'
  return subject.price ? ` to ${subject.plan}, ${subject.price}` : ` to ${subject.plan}`
}

function subjectText(words: EntityWords, entry: AuditEntry): string {
  if (!entry.subject) return entry.isEntityGone ? words.gone : words.unnamed
  const name = words.isQuoted ? `“${entry.subject.name}”` : entry.subject.name
  return words.noun ? `${words.noun} ${name}` : name
}

// The trail's actors who are no admin: scheduled jobs, and customers on their own page.
const actorNames: Record<string, string> = { system: 'The system', customer: 'The customer' }

/** "turned off automatic renewal for" Lina, with the customer's reason when they gave one. */
function renewalSwitched(details: AuditDetails | null): [verb: string, rest: string] {
  const on = details?.autoRenew === true
  const reason = renewalOffReasonLabels[details?.reason as RenewalOffReason]
  return [`turned ${on ? 'on' : 'off'} automatic renewal for`, reason ? ` (${reason})` : '']
}

/** The sentence for one entry of the trail. */
export function describeAuditEntry(entry: AuditEntry): AuditSentence {
  const actor = actorNames[entry.actorUsername] ?? entry.actorUsername
  const note = entry.details?.outcome ? (notes[entry.details.outcome] ?? null) : null
  const whole = wholeSentences[entry.action]
  if (whole) return { actor, verb: whole, subject: null, rest: '', note }

  const words = entityWords[entry.entityType]
  const verbName = entry.action.slice(entry.action.indexOf('.') + 1)
  if (!words) {
    // An entity this page has no words for yet is still named, when the server knows its name.
    const what = entry.entityType.replaceAll('_', ' ')
    const subject = entry.subject
      ? { text: `the ${what} “${entry.subject.name}”`, href: null }
      : { text: `a ${what}`, href: null }
    return { actor, verb: plainVerb(entry.action), subject, rest: '', note }
  }
  const href = entry.subject && !entry.isEntityGone ? (words.href?.(entry) ?? null) : null
  // "deleted a trial request", not "deleted the trial request of a deleted trial request".
  if (!entry.subject && verbName === 'delete') {
    return { actor, verb: 'deleted', subject: { text: words.unnamed, href: null }, rest: '', note }
  }
  const phrase = words.verbs[verbName] ?? plainVerb(entry.action)
  const [verb, after] = typeof phrase === 'string' ? [phrase, ''] : phrase
  if (entry.action === 'trial_request.refund_payment') {
    const [refundVerb, reason] = refunded(entry.details)
    return {
      actor,
      verb: refundVerb,
      subject: { text: subjectText(words, entry), href },
      rest: reason,
      note,
    }
  }
  if (entry.action === 'trial_request.renewal') {
    const [switchedVerb, reason] = renewalSwitched(entry.details)
    const subject = { text: subjectText(words, entry), href }
    return { actor, verb: switchedVerb, subject, rest: reason, note }
  }
  if (entry.action === 'trial_request.resolve_payment') {
    const subject = { text: subjectText(words, entry), href }
    return { actor, verb, subject, rest: resolved(entry.details), note }
  }
  const rest =
    entry.action === 'trial_request.convert'
      ? converted(entry.subject)
      : entry.action === 'trial_request.renewal_declined'
        ? declined(entry.details)
        : after
  return {
    actor,
    verb: entry.action === 'trial_request.record_payment' ? recordedPayment(entry.details) : verb,
    subject: { text: subjectText(words, entry), href },
    rest: rest + paidBy(entry.details),
    note,
  }
}

/** The sentence as plain text, for an accessible name or a test. */
export function auditSentenceText(sentence: AuditSentence): string {
  const subject = sentence.subject ? ` ${sentence.subject.text}` : ''
  return `${sentence.actor} ${sentence.verb}${subject}${sentence.rest}`
}
