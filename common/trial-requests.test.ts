import { describe, expect, it } from 'vitest'
import { trialRequestInput } from './trial-requests'

const valid = { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', plan: 'Starter' }
const messages = (input: object) =>
  trialRequestInput.safeParse(input).error?.issues.map((issue) => issue.message) ?? []

describe('trialRequestInput', () => {
  it("uses the spec's messages", () => {
    expect(messages({ firstName: 'A', lastName: 'B', email: 'nope', plan: '' })).toEqual([
      'First name must be at least 2 characters',
      'Last name must be at least 2 characters',
      'Please enter a valid email address',
      'Please select a plan',
    ])
    expect(messages({})).toEqual([
      'First name must be at least 2 characters',
      'Last name must be at least 2 characters',
      'Please enter a valid email address',
      'Please select a plan',
    ])
  })

  it('stores empty optional contacts as null', () => {
    expect(trialRequestInput.parse({ ...valid, telegram: '  ', whatsapp: '' })).toMatchObject({
      telegram: null,
      whatsapp: null,
    })
  })
})
