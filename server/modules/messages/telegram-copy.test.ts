import { describe, expect, it } from 'vitest'
import { messageAction } from '../../../common/message-actions'
import { messageKindNames, templateVariableSamples } from '../../../common/messages'
import { composeEmail } from './compose-email'
import { defaultTemplates } from './default-templates'
import { composeTelegram, escapeTelegramHtml } from '../telegram/telegram-text'

// The text of a message says "press Update card": its Telegram copy must carry that button too.
describe('a message sent to Telegram as well as by e-mail', () => {
  it.each(messageKindNames)('%s carries the same button in both', async (kind) => {
    const template = defaultTemplates[kind]
    const mail = await composeEmail(kind, template, templateVariableSamples, { images: 'data' })
    const { text } = composeTelegram(kind, template, templateVariableSamples)
    const action = messageAction(kind, templateVariableSamples)
    if (!action) {
      expect(text).not.toContain('<a href=')
      return
    }
    const button = mail.html.match(
      new RegExp(`<a href="([^"]+)"[^>]*>(?:(?!</a>).)*${action.label}`),
    )
    expect(button?.[1]?.replaceAll('&amp;', '&')).toBe(action.url)
    const e = escapeTelegramHtml
    expect(text).toContain(`<a href="${e(action.url)}">${e(action.label)}</a>`)
  })

  it('includes every message about automatic renewal', () => {
    const withButton = messageKindNames.filter((kind) =>
      messageAction(kind, templateVariableSamples),
    )
    expect(withButton).toEqual(
      expect.arrayContaining([
        'renewal_notice',
        'renewal_failed',
        'renewal_line_off',
        'renewal_ended',
        'renewal_authentication',
        'card_expiring',
      ]),
    )
  })
})
