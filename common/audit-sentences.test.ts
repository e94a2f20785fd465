import { describe, expect, it } from 'vitest'
import type { AuditEntry } from './audit'
import { auditSentenceText, describeAuditEntry } from './audit-sentences'

const entry = (action: string, details: AuditEntry['details'] = null): AuditEntry => ({
  id: '1',
  actorUsername: 'system',
  action,
  entityType: 'trial_request',
  entityId: '7f1c2d3e-4b5a-4c6d-8e9f-0a1b2c3d4e5f',
  details,
  subject: { name: 'Lina Check' },
  isEntityGone: false,
  createdAt: '2026-11-29T12:00:00.000Z',
})

// Automatic renewal's steps as the Activity trail says them (decision 0060).
describe('automatic renewal in the Activity trail', () => {
  it.each([
    [
      'trial_request.renew_automatically',
      null,
      'The system renewed the subscription of Lina Check automatically',
    ],
    [
      'trial_request.renewal_declined',
      { renewal: { attempt: 2, code: 'insufficient_funds' } },
      'The system could not charge the renewal of Lina Check: the card declined it (insufficient_funds), attempt 2',
    ],
    [
      'trial_request.renewal_line_off',
      null,
      'The system switched off the line of Lina Check: the renewal is unpaid after the grace period',
    ],
    [
      'trial_request.renewal_ended',
      null,
      'The system ended the subscription of Lina Check: the renewal could not be charged',
    ],
  ])('%s', (action, details, sentence) => {
    expect(auditSentenceText(describeAuditEntry(entry(action, details)))).toBe(sentence)
  })
})
