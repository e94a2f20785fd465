import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { newSubscriptionId } from '../../lib/subscription-id'
import {
  linePassword,
  orderLineUsername,
  panelNotes,
  subscriptionLineUsername,
} from './line-credentials'

const panelUsername = /^[a-z0-9]{6,30}$/

describe('line usernames', () => {
  it("read as the subscription's id, in letters and digits a panel accepts", () => {
    expect(subscriptionLineUsername('SUB-7K2M9QXA')).toBe('sl7k2m9qxa')
    for (let i = 0; i < 50; i++) {
      expect(subscriptionLineUsername(newSubscriptionId())).toMatch(panelUsername)
    }
    expect(() => subscriptionLineUsername('7K2M9QXA')).toThrow()
  })

  it('for a form order: the same for a retried order, 12 characters, never a subscriber’s', () => {
    const orderId = randomUUID()
    expect(orderLineUsername(orderId)).toBe(orderLineUsername(orderId))
    expect(orderLineUsername('00000000-0000-4000-8000-000000000000')).toBe('sl0000000000')
    expect(orderLineUsername('ffffffff-ffff-4fff-bfff-ffffffffffff')).toBe('sl2rrvthnxtr')
    const usernames = new Set(Array.from({ length: 1000 }, () => orderLineUsername(randomUUID())))
    expect(usernames.size).toBe(1000)
    for (const username of usernames) {
      expect(username).toMatch(panelUsername)
      expect(username).toHaveLength(12)
    }
    expect(subscriptionLineUsername(newSubscriptionId())).toHaveLength(10)
    expect(() => orderLineUsername('not-a-uuid')).toThrow()
  })
})

describe('linePassword', () => {
  const secret = 'a'.repeat(32)

  it('is 16 base-62 characters, the same for the same order and secret', () => {
    const password = linePassword(secret, 'order-1')
    expect(password).toMatch(/^[0-9A-Za-z]{16}$/)
    expect(linePassword(secret, 'order-1')).toBe(password)
  })

  it('differs for another order or another secret', () => {
    const password = linePassword(secret, 'order-1')
    expect(linePassword(secret, 'order-2')).not.toBe(password)
    expect(linePassword('b'.repeat(32), 'order-1')).not.toBe(password)
  })

  it('spreads over the whole alphabet (no bias towards a few characters)', () => {
    const counts = new Map<string, number>()
    for (let i = 0; i < 2000; i++) {
      for (const character of linePassword(secret, `order-${i}`)) {
        counts.set(character, (counts.get(character) ?? 0) + 1)
      }
    }
    expect(counts.size).toBe(62)
    // 32,000 characters over 62: about 516 each.
    for (const count of counts.values()) expect(count).toBeGreaterThan(400)
  })
})

describe('panelNotes', () => {
  it('leads with our reference, then the admin’s notes', () => {
    expect(panelNotes('SUB-7K2M9QXA', 'For Ada')).toBe('StreamLine SUB-7K2M9QXA: For Ada')
    expect(panelNotes('SUB-7K2M9QXA', null)).toBe('StreamLine SUB-7K2M9QXA')
  })
})
