import { plainPage } from '../../lib/plain-page'

type PageState = 'ask' | 'stopped' | 'unknown'

const words: Record<PageState, { title: string; text: string }> = {
  ask: {
    title: 'Stop reminder e-mails?',
    text: 'You will no longer receive reminders before your access ends, nor e-mails confirming a new support ticket. Your login, confirmations and answers from support still reach you.',
  },
  stopped: {
    title: 'You are unsubscribed from reminders',
    text: 'We will not send you reminders before your access ends, nor e-mails confirming a new support ticket. Your login, confirmations and answers from support still reach you.',
  },
  unknown: {
    title: 'This link is not valid',
    text: 'Please use the unsubscribe link of a recent reminder e-mail, or contact support.',
  },
}

/**
 * The small page an unsubscribe link opens: a GET only asks (link scanners open every link), and
 * its button POSTs, as a mail client's one-click does. Plain HTML: it works with no script.
 */
export function unsubscribePage(brandName: string, state: PageState): string {
  const { title, text } = words[state]
  const button =
    state === 'ask'
      ? `<form method="post"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">Unsubscribe from reminders</button></form>`
      : ''
  return plainPage({ brandName, title, text, action: button })
}
