import { describe, expect, it } from 'vitest'
import { ApiError, fieldIssuesOf } from './api-client'

const answer = (status: number, body: unknown) =>
  new ApiError(status, JSON.stringify(body), 'Bad Request')

describe('ApiError', () => {
  it('keeps the message, the field issues and the rest of the answer', () => {
    const error = answer(401, { message: 'Enter the code', twoFactorRequired: true })
    expect(error.message).toBe('401: {"message":"Enter the code","twoFactorRequired":true}')
    expect(error.serverMessage).toBe('Enter the code')
    expect(error.issues).toEqual([])
    expect(error.body).toEqual({ message: 'Enter the code', twoFactorRequired: true })
  })

  it('copes with an answer that is not JSON', () => {
    const error = new ApiError(502, '<html>Bad Gateway</html>', 'Bad Gateway')
    expect(error.serverMessage).toBeUndefined()
    expect(error.issues).toEqual([])
    expect(error.body).toBeUndefined()
  })
})

describe('fieldIssuesOf', () => {
  it('answers the first message for each named field, ignoring the others', () => {
    const error = answer(400, {
      message: 'Invalid input',
      issues: [
        { path: 'newPassword', message: 'This password is too common.' },
        { path: 'newPassword', message: 'A second problem' },
        { path: 'other', message: 'Not on this form' },
      ],
    })
    expect(fieldIssuesOf(error, ['currentPassword', 'newPassword'])).toEqual({
      newPassword: 'This password is too common.',
    })
  })

  it('answers nothing for errors that are not from the API', () => {
    expect(fieldIssuesOf(new TypeError('Failed to fetch'), ['password'])).toEqual({})
  })
})
