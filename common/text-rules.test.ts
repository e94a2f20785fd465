import { describe, expect, it } from 'vitest'
import { findTextProblem, maxTextLength } from './text-rules'

const inBody = (value: unknown) => findTextProblem(value, { allowLineBreaks: true })
const inQuery = (value: unknown) => findTextProblem(value, { allowLineBreaks: false })

describe('findTextProblem', () => {
  it('accepts ordinary text, emoji and accents, and line breaks in bodies', () => {
    expect(inBody({ name: 'Zoë 🎬', message: 'line one\nline two\r\n\ttabbed' })).toBeNull()
    expect(inQuery({ q: 'Zoë 🎬' })).toBeNull()
  })

  it('refuses NUL anywhere, naming the field', () => {
    expect(inBody({ contact: { email: 'a\u0000@b.com' } })).toEqual({
      path: 'contact.email',
      message: 'contact.email contains a control character that is not allowed',
    })
    expect(inBody(['ok', 'x\u0000'])).toMatchObject({ path: '1' })
  })

  it('refuses other control characters, and line breaks outside bodies', () => {
    expect(inBody({ name: 'bell\u0007' })).toMatchObject({ path: 'name' })
    expect(inBody({ name: 'c1\u0085' })).toMatchObject({ path: 'name' })
    expect(inQuery({ q: 'two\nlines' })).toMatchObject({ path: 'q' })
  })

  it('refuses lone surrogates but not pairs', () => {
    expect(inBody({ name: 'half \ud83c' })).toEqual({
      path: 'name',
      message: 'name contains an invalid character',
    })
    expect(inBody({ name: '\udc00 alone' })).toMatchObject({ path: 'name' })
    expect(inBody({ name: 'pair \ud83c\udfac' })).toBeNull()
  })

  it('refuses values nested deeper than any form needs', () => {
    const deep = JSON.parse(`${'['.repeat(5000)}${']'.repeat(5000)}`) as unknown
    expect(inBody(deep)).toMatchObject({ message: expect.stringMatching(/nested too deeply$/) })
    expect(inBody({ a: { b: [{ c: 'fine' }] } })).toBeNull()
  })

  it('checks keys too, and caps every string', () => {
    expect(inBody({ ['bad\u0000key']: 1 })).toMatchObject({ path: 'bad\u0000key' })
    expect(inBody({ notes: 'x'.repeat(maxTextLength + 1) })).toEqual({
      path: 'notes',
      message: `notes must be at most ${maxTextLength} characters`,
    })
  })
})
