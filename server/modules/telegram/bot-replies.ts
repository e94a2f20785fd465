import type { StartOutcome } from './bindings.service'

/** What the bot answers, in plain text (no parse mode: nothing in it needs escaping). */
export const botReplies = {
  start: (brandName: string): Record<StartOutcome, string> => ({
    bound: `You're connected. ${brandName} will send your messages here: your login, reminders before your plan ends, and support replies. Send /stop to turn them off.`,
    already_bound: `You're already connected: your ${brandName} messages come here. Send /stop to turn them off.`,
    unknown_token: `This link doesn't work any more, or it was already used from another Telegram account. Open the "Get messages on Telegram" link in your latest ${brandName} e-mail, or ask our support.`,
  }),
  startWithoutLink: (brandName: string) =>
    `Hello! To get your ${brandName} messages here, open the "Get messages on Telegram" link on our site or in our e-mail.`,
  stopped: (brandName: string) =>
    `Done: ${brandName} will send nothing more here. Open your link again to turn messages back on.`,
  notConnected: (brandName: string) => `This chat gets no ${brandName} messages.`,
  help: (brandName: string) =>
    `This bot sends your ${brandName} messages and reads no replies. Send /account for a link to your own page, /stop to turn messages off; for help, contact our support on the website.`,
  accountLink: (brandName: string, url: string) =>
    `Your ${brandName} page: your login, end date, renewals and receipts. This link signs you in once, within 7 days:\n${url}`,
}
