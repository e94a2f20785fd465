import { describe, expect, it } from 'vitest'
import { mailtoUrl, telegramUrl, whatsappUrl } from './contact-links'

describe('contact links', () => {
  it('links a Telegram username with or without @, and a phone number', () => {
    expect(telegramUrl('@ada_l')).toBe('https://t.me/ada_l')
    expect(telegramUrl('ada_l')).toBe('https://t.me/ada_l')
    expect(telegramUrl('+44 20 7946-0958')).toBe('https://t.me/+442079460958')
  })

  it('keeps only the digits of a WhatsApp number', () => {
    expect(whatsappUrl('+1 (555) 010-9999')).toBe('https://wa.me/15550109999')
  })

  it('writes a mailto link', () => {
    expect(mailtoUrl('ada@example.com')).toBe('mailto:ada@example.com')
  })
})
