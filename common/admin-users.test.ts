import { describe, expect, it } from 'vitest'
import { createAdminUserInput } from './admin-users'

const messages = (input: unknown) =>
  createAdminUserInput.safeParse(input).error?.issues.map((issue) => issue.message) ?? []

describe('createAdminUserInput', () => {
  it('accepts a valid admin and defaults the role to admin', () => {
    expect(createAdminUserInput.parse({ username: 'jane', password: 'violet-harbour-42' })).toEqual(
      {
        username: 'jane',
        password: 'violet-harbour-42',
        role: 'admin',
      },
    )
  })

  it('refuses a short username, and a password under 12 characters', () => {
    expect(messages({ username: 'jo', password: 'short' })).toEqual([
      'Username must be at least 3 characters',
      'Password must be at least 12 characters',
    ])
  })

  it('trims the username before measuring it', () => {
    expect(messages({ username: '  ab  ', password: 'violet-harbour-42' })).toEqual([
      'Username must be at least 3 characters',
    ])
  })

  it('refuses a role other than support, admin or super_admin', () => {
    expect(messages({ username: 'jane', password: 'violet-harbour-42', role: 'root' })).toEqual([
      'Role must be support, admin or super_admin',
    ])
  })
})
