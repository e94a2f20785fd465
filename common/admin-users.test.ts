import { describe, expect, it } from 'vitest'
import { createAdminUserInput } from './admin-users'

const messages = (input: unknown) =>
  createAdminUserInput.safeParse(input).error?.issues.map((issue) => issue.message) ?? []

describe('createAdminUserInput', () => {
  it('accepts a valid admin and defaults the role to admin', () => {
    expect(createAdminUserInput.parse({ username: 'jane', password: 'longenough' })).toEqual({
      username: 'jane',
      password: 'longenough',
      role: 'admin',
    })
  })

  it("uses the spec's messages for short usernames and passwords", () => {
    expect(messages({ username: 'jo', password: 'short' })).toEqual([
      'Username must be at least 3 characters',
      'Password must be at least 8 characters',
    ])
  })

  it('trims the username before measuring it', () => {
    expect(messages({ username: '  ab  ', password: 'longenough' })).toEqual([
      'Username must be at least 3 characters',
    ])
  })

  it('refuses a role other than admin or super_admin', () => {
    expect(messages({ username: 'jane', password: 'longenough', role: 'root' })).toEqual([
      'Role must be admin or super_admin',
    ])
  })
})
