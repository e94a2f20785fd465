import type { MessageKind, TemplateText } from '../../../common/messages'

/** The words each kind is sent with until an admin saves their own (Business Settings). */
export const defaultTemplates: Record<MessageKind, TemplateText> = {
  line_login: {
    subject: 'Your {brandName} login is ready',
    body: [
      'Hi {firstName},',
      'Your {brandName} line is ready. Below are your username, password and M3U URL, with the steps for {deviceName}.',
      'Your access runs until {endDate}. One login plays on one device at a time; we recommend a connection of at least 10 Mbps.',
      'Enjoy watching!',
    ].join('\n\n'),
  },
  renewal_confirmation: {
    subject: 'Your {brandName} subscription now runs until {endDate}',
    body: [
      'Hi {firstName},',
      'Thank you for renewing {planName}. Your subscription now runs until {endDate}.',
      'Your login stays the same: there is nothing to change on your devices.',
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
    subject: 'We received your ticket: {ticketSubject}',
    body: [
      'Hi {firstName},',
      'Thank you for contacting {brandName} support. We received your ticket “{ticketSubject}” and will answer in its chat shortly.',
      'Keep this e-mail: its button brings you back to your conversation at any time.',
    ].join('\n\n'),
  },
}
