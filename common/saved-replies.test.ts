import { describe, expect, it } from 'vitest'
import { fillReplyVariables } from './saved-replies'

describe('fillReplyVariables', () => {
  it('fills every known variable, as often as it appears', () => {
    const body =
      'Hi {firstName}, your line {username} plays at {m3uUrl}. Bye {firstName}! {agentName}'
    expect(
      fillReplyVariables(body, {
        firstName: 'Lina',
        username: 'sv-1234',
        m3uUrl: 'http://panel.example/get.php?username=sv-1234',
        agentName: 'Ada',
      }),
    ).toBe(
      'Hi Lina, your line sv-1234 plays at http://panel.example/get.php?username=sv-1234. Bye Lina! Ada',
    )
  })

  it('leaves variables without a value, and unknown braces, as written', () => {
    expect(fillReplyVariables('Hi {firstName}, {plan} {nope}', { plan: null })).toBe(
      'Hi {firstName}, {plan} {nope}',
    )
  })

  it('never reads a value as a replacement pattern', () => {
    expect(fillReplyVariables('Hi {name}', { name: '$& $1' })).toBe('Hi $& $1')
  })
})
