import type { MessageKind, TemplateText } from '../../../common/messages'

/** The words each kind is sent with until an admin saves their own (Business Settings). */
export const defaultTemplates: Record<MessageKind, TemplateText> = {
  line_login: {
    subject: 'Your {brandName} login is ready',
    body: [
      'Hi{if firstName} {firstName}{end},',
      'Your {brandName} line is ready. Below are your server address, username and password (for apps with an “Xtream Codes” login) and your M3U URL{if deviceName}, with the steps for {deviceName}{end}.',
      '{if endDate}Your access runs until {endDate}. {end}Your login plays on {screens} at the same time; we recommend a connection of at least 10 Mbps.',
      'Enjoy watching!',
    ].join('\n\n'),
  },
  subscription_started: {
    subject:
      'Welcome to {brandName}{if planName} {planName}{end}: your subscription runs until {endDate}',
    body: [
      'Hi{if firstName} {firstName}{end},',
      'Thank you for choosing {brandName}{if planName} {planName}{end}. Your subscription is active and runs until {endDate}.',
      '{if username}Your login stays the same as during your trial ({username}): there is nothing to change on your devices.{end}',
    ].join('\n\n'),
  },
  renewal_confirmation: {
    subject: 'Your {brandName} subscription now runs until {endDate}',
    body: [
      'Hi{if firstName} {firstName}{end},',
      'Thank you for renewing{if planName} {planName}{end}. Your subscription now runs until {endDate}.',
      '{if username}Your login stays the same ({username}): there is nothing to change on your devices.{end}',
    ].join('\n\n'),
  },
  compensation_days: {
    subject: '{daysAdded} days added to your {brandName} subscription',
    body: [
      'Hi{if firstName} {firstName}{end},',
      'We are sorry for the recent interruption of the service. We have added {daysAdded} days to your{if planName} {planName}{end} subscription at no cost: it now runs until {endDate}.',
      '{if username}Your login stays the same ({username}): there is nothing to change on your devices.{end}',
    ].join('\n\n'),
  },
  supplier_credits_low: {
    subject: '{brandName}: supplier credits are low',
    body: [
      '{creditsReason}',
      'Top up the reseller account on the supplier panel: until then the trial autopilot holds new trials ("not enough credits").',
    ].join('\n\n'),
  },
  payment_receipt: {
    subject: 'Receipt {receiptNumber} from {brandName}',
    body: [
      'Hi{if firstName} {firstName}{end},',
      'Thank you for your payment of {amount} for {planName}, {period}. Your subscription now runs until {endDate}.',
      'This is your receipt, number {receiptNumber}: keep it for your records.',
    ].join('\n\n'),
  },
  payment_refund: {
    subject: 'Refund of {amount} for receipt {receiptNumber}',
    body: [
      'Hi{if firstName} {firstName}{end},',
      'We have refunded {amount} of your payment{if planName} for {planName}{end}, receipt {receiptNumber}.',
      '{if endDate}Your subscription now runs until {endDate}.{end}',
    ].join('\n\n'),
  },
  subscription_reminder: {
    subject: 'Your {brandName} subscription ends in {timeLeft}',
    body: [
      'Hi{if firstName} {firstName}{end},',
      'Your{if planName} {planName}{end} subscription ends on {endDate}. Renew before then and keep watching without a break{if username}: your login stays the same ({username}){end}.',
      'Press Renew now to pay for more months on your own page. The button signs you in: no password needed.',
    ].join('\n\n'),
  },
  trial_reminder: {
    subject: 'Your {brandName} trial ends in {timeLeft}',
    body: [
      'Hi{if firstName} {firstName}{end},',
      'We hope you are enjoying your {brandName} trial. It ends in {timeLeft}.',
      'To keep your channels, press Renew now and choose your plan on your own page (the button opens it signed in).{if username} Your login stays the same ({username}): there is nothing to set up again.{end}',
    ].join('\n\n'),
  },
  expiry_notice: {
    subject: 'Your {brandName} access has ended',
    body: [
      'Hi{if firstName} {firstName}{end},',
      'Your {brandName} access ended on {endDate}.',
      'Press Renew now to pay on your own page (the button signs you in){if username}: your access comes back with the same login ({username}) and device settings{end}.',
    ].join('\n\n'),
  },
  card_expiring: {
    subject: 'Your card expires before your {brandName} renewal',
    body: [
      'Hi{if firstName} {firstName}{end},',
      'Your subscription renews automatically on {endDate}, but your {cardLabel} expires before then, so the renewal cannot be charged to it.',
      'Press Update card to save a new card on your own page (the button signs you in). Nothing else changes: your plan and login stay the same.',
    ].join('\n\n'),
  },
  account_sign_in: {
    subject: 'Sign in to your {brandName} account',
    body: [
      'Hi{if firstName} {firstName}{end},',
      'Press the button to sign in to your {brandName} page: your login, your end date, renewals and receipts.',
      'The link works once, for 30 minutes. If you did not ask for it, you can ignore this e-mail.',
    ].join('\n\n'),
  },
  support_reply: {
    subject: 'Re: {ticketSubject}',
    body: [
      'Hi {firstName},',
      'Our support team answered your ticket “{ticketSubject}”:',
      '{replyText}',
      'Open your ticket to read the conversation and answer in the chat.',
    ].join('\n\n'),
  },
  ticket_created: {
    subject: 'We received your {brandName} support ticket',
    body: [
      'Hi {firstName},',
      'Thank you for contacting {brandName} support. We received your ticket “{ticketSubject}” and will answer in its chat shortly.',
      'Keep this e-mail: its button brings you back to your conversation at any time.',
    ].join('\n\n'),
  },
  bigger_plan_offer: {
    subject: '{brandName} {planName}: watch on {screens} at the same time',
    body: [
      'Hi{if firstName} {firstName}{end},',
      'Your {brandName} login is being watched on more screens than your plan covers, so some of them may be cut off.',
      '{planName} plays on {screens} at the same time, with the same login: nothing to set up again. Press Renew now to switch on your own page (the button signs you in).',
    ].join('\n\n'),
  },
  renewal_notice: {
    subject: 'Your {brandName} subscription renews on {endDate}',
    body: [
      'Hi{if firstName} {firstName}{end},',
      'Your{if planName} {planName}{end} subscription renews by itself on {endDate}: we will charge {amount} to your {cardLabel}. There is nothing to do to keep watching.',
      'To stop it, press Manage automatic renewal and turn automatic renewal off (the button signs you in). Your access then runs until {endDate} and nothing more is charged.',
    ].join('\n\n'),
  },
  renewal_failed: {
    subject: 'We could not renew your {brandName} subscription',
    body: [
      'Hi{if firstName} {firstName}{end},',
      'Your card ({cardLabel}) declined the renewal of{if planName} {planName}{end} for {amount}. We will try it again over the next days, and your line stays on meanwhile.',
      'To use another card, press Update card (the button signs you in). Without a payment your line is switched off on {endDate}.',
    ].join('\n\n'),
  },
  renewal_authentication: {
    subject: 'Confirm the renewal of your {brandName} subscription',
    body: [
      'Hi{if firstName} {firstName}{end},',
      'Your bank asks you to approve the renewal of{if planName} {planName}{end} for {amount} on your {cardLabel}.',
      'Press Confirm payment to approve it on the secure payment page. Your line stays on meanwhile.',
    ].join('\n\n'),
  },
  renewal_line_off: {
    subject: 'Your {brandName} line is switched off tomorrow',
    body: [
      'Hi{if firstName} {firstName}{end},',
      'The renewal of{if planName} {planName}{end} for {amount} is still unpaid, so your line is switched off on {endDate}.',
      'Press Update card to pay with another card (the button signs you in): your line comes back within seconds of the payment.',
    ].join('\n\n'),
  },
  renewal_ended: {
    subject: 'Your {brandName} subscription has ended',
    body: [
      'Hi{if firstName} {firstName}{end},',
      'We could not charge the renewal of{if planName} {planName}{end} for {amount}, so your subscription has ended and nothing more will be charged.',
      'Press Renew now to pay on your own page (the button signs you in): your access comes back with the same login.',
    ].join('\n\n'),
  },
}
