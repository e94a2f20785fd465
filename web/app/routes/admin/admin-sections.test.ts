import { describe, expect, it } from 'vitest'
import { openedSection, sectionsFor } from './admin-sections'

describe('the Business Center sections by role', () => {
  it('gives a support agent the Support Center as their one tab', () => {
    expect(sectionsFor('support').map(({ value }) => value)).toEqual(['support'])
  })

  it("lets a support agent open a ticket's customer, not the contacts list or another list", () => {
    expect(openedSection('support', 'users', 'person-1')?.value).toBe('users')
    expect(openedSection('support', 'users', null)).toBeNull()
    expect(openedSection('support', 'payments', 'payment-1')).toBeNull()
    expect(openedSection('admin', 'users', null)?.value).toBe('users')
  })
})
