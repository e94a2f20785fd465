import { describe, expect, it } from 'vitest'
import { usernameKey } from './username-key'

describe('usernameKey', () => {
  it.each([
    ['MINI', 'mini'],
    ['mİni', 'mini'],
    ['mİnİ', 'mini'],
    ['ｍｉｎｉ', 'mini'],
    ['mi\u0301ni', 'mini'],
    ['mi\u0307ni', 'mini'],
    ['mını', 'mini'],
    ['mi\u200bni', 'mini'],
    ['miß', 'miss'],
    ['MISS', 'miss'],
    ['ﬁne', 'fine'],
    ['\u212Aelvin', 'kelvin'],
  ])('folds %j to %j', (spelling, key) => {
    expect(usernameKey(spelling)).toBe(key)
  })

  it('leaves an ASCII name as JavaScript lower-cases it', () => {
    expect(usernameKey('Agent.Smith_2@x-y')).toBe('agent.smith_2@x-y')
  })
})
