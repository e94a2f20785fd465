import { describe, expect, it } from 'vitest'
import { templateProblems } from '../../../common/message-template'
import {
  messageKindNames,
  messageKinds,
  templateVariableSamples,
  type MessageKind,
  type TemplateValues,
} from '../../../common/messages'
import { composeTelegram } from '../telegram/telegram-text'
import { composeEmail } from './compose-email'
import { defaultTemplates } from './default-templates'

/** The values a kind is always sent with: the samples less every one that may be unknown. */
function withOptionalAbsent(kind: MessageKind): TemplateValues {
  const optional: readonly string[] = messageKinds[kind].optional
  return Object.fromEntries(
    messageKinds[kind].variables
      .filter((name) => !optional.includes(name))
      .map((name) => [name, templateVariableSamples[name]]),
  )
}

/** A sentence with a hole where a value was: what a missing value must never leave behind. */
function gapsIn(text: string): string[] {
  const patterns = [
    / [.,;:!?]/, // "for ." "Hi ,"
    /\b(?:for|on|until|in|to|with|of)[.,]/, // "with the steps for."
    / {2}/,
    /\{/, // a variable or section left as written
    /“”|""/,
  ]
  return text.split('\n').filter((line) => patterns.some((pattern) => pattern.test(line)))
}

describe('every message with every optional value absent', () => {
  it.each(messageKindNames)('%s reads naturally by e-mail and on Telegram', async (kind) => {
    const values = withOptionalAbsent(kind)
    const template = defaultTemplates[kind]
    // No device named on the request: the e-mail's guide is the general one.
    const mail = await composeEmail(kind, template, values, { device: null, images: 'data' })
    const telegram = composeTelegram(kind, template, values)
    const texts = [mail.subject, mail.text, telegram.subject, telegram.text]
    expect(texts.flatMap(gapsIn)).toEqual([])
    // A value never comes out as the literal "undefined" or "null" either.
    expect(texts.join('\n')).not.toMatch(/\bundefined\b|\bnull\b/)
  })

  it('the Telegram login leaves out the setup guide it does not carry', () => {
    const { text } = composeTelegram('line_login', defaultTemplates.line_login, {
      ...withOptionalAbsent('line_login'),
      firstName: 'Alex',
    })
    expect(text).toContain('Hi Alex,')
    expect(text).toContain('and password (for apps with an “Xtream Codes” login) and your M3U URL.')
    expect(text).toContain('Your login plays on 2 screens at the same time')
  })

  it('with every value known, each sentence keeps its words', async () => {
    const mail = await composeEmail(
      'line_login',
      defaultTemplates.line_login,
      templateVariableSamples,
      { device: 'TiviMate on my Fire TV', images: 'data' },
    )
    expect(mail.text).toContain('Hi Alex,')
    expect(mail.text).toContain('M3U URL, with the steps for TiviMate.')
    expect(mail.text).toContain(
      'Your access runs until 31 March 2027. Your login plays on 2 screens',
    )
  })

  it.each(messageKindNames)('the default words of %s pass the editor’s own checks', (kind) => {
    const { subject, body } = defaultTemplates[kind]
    expect([
      ...templateProblems(kind, 'subject', subject),
      ...templateProblems(kind, 'body', body),
    ]).toEqual([])
  })
})
