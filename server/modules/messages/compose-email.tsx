import { render } from '@react-email/render'
import QRCode from 'qrcode'
import { fillTemplate } from '../../../common/message-template'
import { messageAction } from '../../../common/message-actions'
import { type MessageKind, type TemplateText, type TemplateValues } from '../../../common/messages'
import { deviceGuideFor } from '../../../common/device-guides'
import { xtreamServerUrl } from '../../../common/m3u'
import type { OutgoingMail } from './mailer'
import { MessageEmail, type EmailContent } from './message-email'

export type ComposeOptions = {
  /** The device named on the trial request, for a login's setup guide. */
  device?: string | null
  /** `cid` for a sent e-mail (clients block data URLs); `data` for the preview in the browser. */
  images: 'cid' | 'data'
  /** The person's "Get messages on Telegram" link, offered in the footer when there is one. */
  telegramLink?: string | null
  /** The person's one-click unsubscribe address, linked in the footer when there is one. */
  unsubscribeUrl?: string | null
}

const qrCid = 'm3u-qr'

/** Renders a message's HTML and plain-text parts; every value is text, escaped by React. */
export async function composeEmail(
  kind: MessageKind,
  template: TemplateText,
  givenValues: TemplateValues,
  { device, images, telegramLink, unsubscribeUrl }: ComposeOptions,
): Promise<Omit<OutgoingMail, 'id' | 'to'>> {
  const guide = kind === 'line_login' ? deviceGuideFor(device) : undefined
  const values = { ...givenValues, ...(guide ? { deviceName: guide.deviceName } : {}) }
  // A header holds one line: a value with a line break must not start another header.
  const subject = fillTemplate(template.subject, values).replace(/\s+/g, ' ').trim()
  const m3uUrl = kind === 'line_login' ? values.m3uUrl : undefined
  const qr = m3uUrl ? await QRCode.toBuffer(m3uUrl, { width: 320, margin: 1 }) : null
  const content: EmailContent = {
    brandName: values.brandName ?? '',
    subject,
    body: fillTemplate(template.body, values),
    action: messageAction(kind, values),
    guide,
    telegramLink: telegramLink ?? undefined,
    unsubscribeUrl: unsubscribeUrl ?? undefined,
    // The sign-in e-mail's button is that link already.
    accountLink: kind === 'account_sign_in' ? undefined : values.accountUrl,
    login:
      qr && m3uUrl
        ? {
            serverUrl: values.serverUrl ?? xtreamServerUrl(m3uUrl),
            username: values.username ?? '',
            password: values.password ?? '',
            m3uUrl,
            qrSrc:
              images === 'cid' ? `cid:${qrCid}` : `data:image/png;base64,${qr.toString('base64')}`,
          }
        : undefined,
  }
  const email = <MessageEmail {...content} />
  const [html, text] = await Promise.all([render(email), render(email, { plainText: true })])
  return {
    subject,
    html,
    text,
    attachments:
      qr && images === 'cid'
        ? [{ filename: 'm3u-qr.png', content: qr, cid: qrCid, contentType: 'image/png' }]
        : [],
  }
}
