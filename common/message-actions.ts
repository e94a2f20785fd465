import { reminderKinds, type MessageKind, type TemplateValues } from './messages'

/** A message's one button: what it says and where it leads. */
export type MessageAction = { label: string; url: string }

/** Automatic renewal's messages: each button signs the customer in, but one that pays. */
const renewalActions = {
  renewal_notice: { label: 'Manage automatic renewal', link: 'accountUrl' },
  renewal_failed: { label: 'Update card', link: 'accountUrl' },
  renewal_line_off: { label: 'Update card', link: 'accountUrl' },
  renewal_ended: { label: 'Renew now', link: 'accountUrl' },
  renewal_authentication: { label: 'Confirm payment', link: 'payUrl' },
  card_expiring: { label: 'Update card', link: 'accountUrl' },
} as const satisfies Partial<Record<MessageKind, { label: string; link: string }>>

/**
 * The button a message of `kind` carries, the same in its e-mail and its Telegram copy (whose
 * text names it: "press Update card"); none when its link is unknown.
 */
export function messageAction(
  kind: MessageKind,
  values: TemplateValues,
): MessageAction | undefined {
  const isTicket = kind === 'support_reply' || kind === 'ticket_created'
  if (isTicket && values.ticketUrl) return { label: 'Open your ticket', url: values.ticketUrl }
  if (kind === 'account_sign_in' && values.accountUrl) {
    return { label: 'Sign in', url: values.accountUrl }
  }
  const renewal = renewalActions[kind as keyof typeof renewalActions]
  if (renewal) {
    const url = renewal.link === 'payUrl' ? values.payUrl : values.accountUrl
    if (url) return { label: renewal.label, url }
  }
  const isReminder = (reminderKinds as readonly MessageKind[]).includes(kind)
  // Signs the customer in on their own page with the renew panel open.
  if (isReminder && values.renewUrl) return { label: 'Renew now', url: values.renewUrl }
  return undefined
}
