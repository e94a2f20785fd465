import { describe, expect, it } from 'vitest'
import { clipAtWord, notificationHref, notificationKindLabel } from './notifications'

describe('notification titles and links', () => {
  it('keeps a short title whole and ends a long one at a word', () => {
    expect(clipAtWord('Ann: No picture', 255)).toBe('Ann: No picture')
    expect(clipAtWord('Ann: my stream keeps buffering', 20)).toBe('Ann: my stream…')
    // One endless word is cut where it must be.
    expect(clipAtWord('x'.repeat(30), 10)).toBe(`${'x'.repeat(9)}…`)
  })

  it('leads to the trial request, the ticket, or Admin Tools', () => {
    const id = '6f1c2a9e-1d2b-4c3d-8e4f-5a6b7c8d9e0f'
    expect(notificationHref({ type: 'trial_signup', entityId: id })).toBe(`/admin/users/${id}`)
    expect(notificationHref({ type: 'support_ticket_created', entityId: id })).toBe(
      `/admin/support/${id}`,
    )
    expect(notificationHref({ type: 'support_reply', entityId: id })).toBe(`/admin/support/${id}`)
    expect(notificationHref({ type: 'supplier_drift', entityId: 'supplier' })).toBe('/admin/tools')
    expect(notificationHref({ type: 'something_new', entityId: id })).toBeNull()
    expect(notificationKindLabel('something_new')).toBe('Other')
  })
})
