import { describe, expect, it } from 'vitest'
import { lineEdit, lineEditEvents, type PanelHeld } from './line-events'

const now = new Date('2026-11-23T12:00:00Z')
const trialEnd = new Date('2026-11-24T12:00:00Z')
const held: PanelHeld = {
  expiresAt: trialEnd,
  isEnabled: true,
  isTrial: true,
  password: 'Pw1',
  maxConnections: 1,
}

describe('what a push sends the panel', () => {
  it('sends only what changed: never an unchanged password', () => {
    const paidEnd = new Date('2027-02-23T12:00:00.400Z')
    expect(
      lineEdit(held, {
        expiresAt: paidEnd,
        isEnabled: true,
        isTrial: false,
        password: 'Pw1',
        maxConnections: null,
      }),
    ).toEqual({ expiresAt: paidEnd, isTrial: false })
    expect(
      lineEdit(held, {
        expiresAt: trialEnd,
        isEnabled: false,
        isTrial: true,
        password: 'Pw1',
        maxConnections: null,
      }),
    ).toEqual({})
    expect(
      lineEdit(held, {
        expiresAt: trialEnd,
        isEnabled: true,
        isTrial: true,
        password: 'Pw2',
        maxConnections: null,
      }),
    ).toEqual({ password: 'Pw2' })
  })

  it("sends the plan's screens where the panel holds others, and leaves a line without them", () => {
    const wanted = { expiresAt: trialEnd, isEnabled: true, isTrial: true, password: 'Pw1' }
    expect(lineEdit(held, { ...wanted, maxConnections: 3 })).toEqual({ maxConnections: 3 })
    expect(lineEdit(held, { ...wanted, maxConnections: 1 })).toEqual({})
    expect(lineEdit(held, { ...wanted, maxConnections: null })).toEqual({})
    expect(lineEditEvents(held, { maxConnections: 3 }, now)).toEqual([
      { kind: 'connections', maxConnections: 3 },
    ])
  })

  it('sends what the panel never told us', () => {
    const unknown: PanelHeld = {
      expiresAt: null,
      isEnabled: null,
      isTrial: null,
      password: null,
      maxConnections: null,
    }
    expect(
      lineEdit(unknown, {
        expiresAt: trialEnd,
        isEnabled: true,
        isTrial: true,
        password: 'Pw1',
        maxConnections: null,
      }),
    ).toEqual({ expiresAt: trialEnd, isTrial: true, password: 'Pw1' })
  })
})

describe('an edit in words', () => {
  const paid = { ...held, isTrial: false, expiresAt: new Date('2027-01-31T12:00:00Z') }

  it('reads a conversion, an extension by whole months, a renewal, a moved end, a reset', () => {
    expect(
      lineEditEvents(held, { isTrial: false, expiresAt: new Date('2027-02-23T12:00:00Z') }, now),
    ).toEqual([{ kind: 'converted', expiresAt: '2027-02-23T12:00:00.000Z' }])
    expect(lineEditEvents(paid, { expiresAt: new Date('2027-02-28T12:00:00Z') }, now)).toEqual([
      { kind: 'extended', months: 1, expiresAt: '2027-02-28T12:00:00.000Z' },
    ])
    expect(lineEditEvents(paid, { expiresAt: new Date('2027-04-30T12:00:00Z') }, now)).toEqual([
      { kind: 'extended', months: 3, expiresAt: '2027-04-30T12:00:00.000Z' },
    ])
    const ended = { ...paid, expiresAt: new Date('2026-11-01T00:00:00Z') }
    expect(lineEditEvents(ended, { expiresAt: new Date('2026-12-23T12:00:00Z') }, now)).toEqual([
      { kind: 'renewed', expiresAt: '2026-12-23T12:00:00.000Z' },
    ])
    expect(lineEditEvents(paid, { expiresAt: new Date('2027-01-05T12:00:00Z') }, now)).toEqual([
      { kind: 'end_moved', expiresAt: '2027-01-05T12:00:00.000Z' },
    ])
    expect(lineEditEvents(paid, { password: 'secret' }, now)).toEqual([{ kind: 'password_reset' }])
    expect(JSON.stringify(lineEditEvents(paid, { password: 'secret' }, now))).not.toContain(
      'secret',
    )
  })
})
