import { messageAction } from '../../../common/message-actions'
import { fillTemplate } from '../../../common/message-template'
import { type MessageKind, type TemplateText, type TemplateValues } from '../../../common/messages'

/** Text for the Bot API's HTML style: the three characters it reads as markup, and quotes. */
export function escapeTelegramHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
}

type TelegramContent = {
  subject: string
  body: string
  login?: { username: string; password: string; m3uUrl: string }
  link?: { label: string; url: string }
}

// Telegram takes 4,096 characters; a subject, a login and a link fit in what is left.
const maxBodyLength = 3_000

/** A message for `sendTelegram` with `isHtml`: subject in bold, the body, the login, the link. */
function telegramText({ subject, body, login, link }: TelegramContent): string {
  const e = escapeTelegramHtml
  const shortBody = body.length > maxBodyLength ? `${body.slice(0, maxBodyLength - 1)}…` : body
  const parts = [`<b>${e(subject)}</b>`, e(shortBody.trim())]
  if (login) {
    parts.push(
      [
        `Username: <code>${e(login.username)}</code>`,
        `Password: <code>${e(login.password)}</code>`,
        `M3U URL: <code>${e(login.m3uUrl)}</code>`,
      ].join('\n'),
    )
  }
  if (link) parts.push(`<a href="${e(link.url)}">${e(link.label)}</a>`)
  return parts.join('\n\n')
}

/** An outbox message for Telegram, from the same template, values and button as its e-mail. */
export function composeTelegram(
  kind: MessageKind,
  template: TemplateText,
  values: TemplateValues,
): { subject: string; text: string } {
  const subject = fillTemplate(template.subject, values).replace(/\s+/g, ' ').trim()
  const { username, password, m3uUrl } = values
  const text = telegramText({
    subject,
    body: fillTemplate(template.body, values),
    login:
      kind === 'line_login' && username && password && m3uUrl
        ? { username, password, m3uUrl }
        : undefined,
    link: messageAction(kind, values),
  })
  return { subject, text }
}
