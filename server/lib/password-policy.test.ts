import { describe, expect, it } from 'vitest'
import { passwordProblem } from './password-policy'

describe('passwordProblem', () => {
  it('accepts a long password nobody else uses', () => {
    expect(passwordProblem('violet-harbour-lantern-42', 'ada')).toBeNull()
  })

  it('refuses fewer than 12 characters, counting characters rather than bytes', () => {
    expect(passwordProblem('Short-pass1')).toBe('Password must be at least 12 characters')
    expect(passwordProblem('éééééééééééé')).toBeNull()
  })

  it('refuses passwords from the common-password list, whatever their case', () => {
    expect(passwordProblem('123456789012')).toMatch(/too common/)
    expect(passwordProblem('QWERTY123456')).toMatch(/too common/)
  })

  it('refuses a common password with digits or symbols added at the end', () => {
    expect(passwordProblem('password1234!')).toMatch(/too common/)
    expect(passwordProblem('Sunshine2026!!')).toMatch(/too common/)
  })

  it('refuses a password that contains the username', () => {
    expect(passwordProblem('my-name-is-margaret', 'Margaret')).toBe(
      'Password must not contain the username',
    )
  })
})
