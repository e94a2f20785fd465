import { describe, expect, it } from 'vitest'
import { emailDomain, isConsumerProvider, mailboxKey, normalizeEmail } from './email-address'

describe('normalizeEmail', () => {
  it.each([
    ['John.Smith+tv@gmail.com', 'johnsmith@gmail.com'],
    ['johnsmith@googlemail.com', 'johnsmith@gmail.com'],
    [' J.O.H.N.smith@GMAIL.COM ', 'johnsmith@gmail.com'],
    ['ada+trial@outlook.com', 'ada@outlook.com'],
    ['Ada+x@Hotmail.co.uk', 'ada@hotmail.co.uk'],
    ['ada+1@live.fr', 'ada@live.fr'],
    ['ada+tv@icloud.com', 'ada@icloud.com'],
    ['ada+tv@proton.me', 'ada@proton.me'],
    ['ada+tv@fastmail.com', 'ada@fastmail.com'],
    ['ada-streaming@yahoo.com', 'ada@yahoo.com'],
    ['ada-streaming@yahoo.co.uk', 'ada@yahoo.co.uk'],
    ['gmail.com.ada@gmail.com.', 'gmailcomada@gmail.com'],
  ])('%s is the mailbox %s', (address, mailbox) => {
    expect(normalizeEmail(address)).toBe(mailbox)
  })

  it('keeps dots and tags where the provider may treat them as part of the name', () => {
    expect(normalizeEmail('John.Smith+tv@example.com')).toBe('john.smith+tv@example.com')
    expect(normalizeEmail('john.smith@outlook.com')).toBe('john.smith@outlook.com')
    expect(normalizeEmail('ada-lovelace@example.com')).toBe('ada-lovelace@example.com')
    expect(normalizeEmail('ada+x@live.example')).toBe('ada+x@live.example')
  })

  it('keeps a local part that is nothing but a tag', () => {
    expect(normalizeEmail('+promo@gmail.com')).toBe('+promo@gmail.com')
  })

  it('reads the domain for domain rules', () => {
    expect(emailDomain(' Ada@Mailinator.COM. ')).toBe('mailinator.com')
  })
})

describe('mailboxKey', () => {
  it.each([
    ['Victim+1@Corp.example', 'victim@corp.example'],
    ['victim+a+b@corp.example', 'victim@corp.example'],
    ['John.Smith+tv@gmail.com', 'johnsmith@gmail.com'],
    ['john.smith@corp.example', 'john.smith@corp.example'],
    ['+promo@corp.example', '+promo@corp.example'],
  ])('%s is counted as %s', (address, key) => {
    expect(mailboxKey(address)).toBe(key)
  })

  it('knows the big consumer providers, and no company domain', () => {
    expect(isConsumerProvider('gmail.com')).toBe(true)
    expect(isConsumerProvider('hotmail.co.uk')).toBe(true)
    expect(isConsumerProvider('corp.example')).toBe(false)
  })
})
