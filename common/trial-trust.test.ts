import { describe, expect, it } from 'vitest'
import { defaultTrialTrustSettings as defaults } from './settings'
import {
  assessTrust,
  looksGeneratedEmail,
  looksGeneratedName,
  networkWindowStart,
  type TrustSignals,
} from './trial-trust'

const ordinary: TrustSignals = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada.lovelace@example.com',
  disposableDomain: null,
  networkRequests: 0,
  hadTrialBefore: false,
}

describe('looksGenerated', () => {
  it.each(['Ada Lovelace', 'Nguyen Van Anh', "Siobhán O'Brien", 'Anna-Lena Schmidt', 'Knight'])(
    'takes %j for a real name',
    (name) => expect(looksGeneratedName(name)).toBe(false),
  )

  it.each(['Xkqzvbn Plop', 'User 4821', 'Ada Lovelace2'])('finds %j generated', (name) =>
    expect(looksGeneratedName(name)).toBe(true),
  )

  it.each(['ada.lovelace@example.com', 'john1984@example.com', 'a.b_c-d@example.com'])(
    'takes %j for a real address',
    (email) => expect(looksGeneratedEmail(email)).toBe(false),
  )

  it.each(['john84729361@example.com', 'a8f3k2j9@example.com', 'qwrtzpsdfg@example.com'])(
    'finds %j generated',
    (email) => expect(looksGeneratedEmail(email)).toBe(true),
  )
})

describe('assessTrust', () => {
  it('trusts an ordinary request fully', () => {
    expect(assessTrust(ordinary, defaults)).toEqual({ score: 100, reasons: [], isFlagged: false })
  })

  it('lowers the score once per rule hit, with a readable reason each', () => {
    const trust = assessTrust(
      {
        firstName: 'Xkqzvbn',
        lastName: 'Plop',
        email: 'a8f3k2j9@mailinator.com',
        disposableDomain: 'mailinator.com',
        networkRequests: 5,
        hadTrialBefore: true,
      },
      defaults,
    )
    expect(trust.reasons).toEqual([
      'Disposable e-mail domain (mailinator.com)',
      '5 other requests from the same network in 24 hours',
      'Had a free trial before',
      'Name looks generated',
      'E-mail address looks generated',
    ])
    expect(trust).toMatchObject({ score: 0, isFlagged: true })
  })

  it('counts the network only from the configured number of requests on', () => {
    const settings = { ...defaults, networkRequestsPerDay: 3 }
    expect(assessTrust({ ...ordinary, networkRequests: 2 }, settings).score).toBe(100)
    expect(assessTrust({ ...ordinary, networkRequests: 3 }, settings).score).toBe(70)
  })

  it('skips the rules that are off', () => {
    const off = {
      ...defaults,
      checksDisposableEmail: false,
      checksNetwork: false,
      checksEarlierTrial: false,
      checksGeneratedLooking: false,
    }
    const signals = {
      ...ordinary,
      firstName: 'User 1',
      disposableDomain: 'mailinator.com',
      networkRequests: 50,
      hadTrialBefore: true,
    }
    expect(assessTrust(signals, off)).toEqual({ score: 100, reasons: [], isFlagged: false })
  })

  it('flags a score below the threshold', () => {
    const disposable = { ...ordinary, disposableDomain: 'mailinator.com' }
    expect(assessTrust(disposable, { ...defaults, flagBelowScore: 50 }).isFlagged).toBe(false)
    expect(assessTrust(disposable, { ...defaults, flagBelowScore: 51 }).isFlagged).toBe(true)
  })
})

describe('networkWindowStart', () => {
  it('is 24 hours before now', () => {
    expect(networkWindowStart(new Date('2026-11-10T12:00:00Z')).toISOString()).toBe(
      '2026-11-09T12:00:00.000Z',
    )
  })
})
