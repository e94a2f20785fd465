import { escapeTelegramHtml as escapeHtml } from '../telegram/telegram-text'

type PageState = 'ask' | 'stopped' | 'unknown'

const words: Record<PageState, { title: string; text: string }> = {
  ask: {
    title: 'Stop reminder e-mails?',
    text: 'You will no longer receive reminders before your access ends. Your login, confirmations and answers from support still reach you.',
  },
  stopped: {
    title: 'You are unsubscribed from reminders',
    text: 'We will not send you reminders before your access ends. Your login, confirmations and answers from support still reach you.',
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
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<meta name="color-scheme" content="light dark">
<title>${escapeHtml(title)} · ${escapeHtml(brandName)}</title>
</head>
<body>
<main>
<p>${escapeHtml(brandName)}</p>
<h1>${escapeHtml(title)}</h1>
<p>${escapeHtml(text)}</p>
${button}
</main>
</body>
</html>
`
}
