import { describe, expect, it } from 'vitest'
import { adminSectionList, canOpenSection, sectionsFor } from './admin-sections'

const section = (value: string) => adminSectionList.find((entry) => entry.value === value)!

describe('the Business Center sections by role', () => {
  it('gives a support agent the Support Center as their one tab', () => {
    expect(sectionsFor('support').map(({ value }) => value)).toEqual(['support'])
  })

  it("lets a support agent open a ticket's customer, not the contacts list or another list", () => {
    expect(canOpenSection('support', section('users'), 'person-1')).toBe(true)
    expect(canOpenSection('support', section('users'), null)).toBe(false)
    expect(canOpenSection('support', section('payments'), 'payment-1')).toBe(false)
    expect(canOpenSection('admin', section('users'), null)).toBe(true)
  })
})
