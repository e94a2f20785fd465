import { describe, expect, it } from 'vitest'
import { parseTrustProxy } from './trust-proxy'

describe('parseTrustProxy', () => {
  it('trusts nobody by default', () => {
    expect(parseTrustProxy(undefined)).toEqual({ value: false })
    expect(parseTrustProxy('false')).toEqual({ value: false })
    expect(parseTrustProxy('0')).toEqual({ value: false })
  })

  it('reads true as one hop, with a warning', () => {
    const parsed = parseTrustProxy('true')
    expect(parsed).toMatchObject({ value: 1 })
    expect('warning' in parsed && parsed.warning).toMatch(/one proxy hop/)
  })

  it('takes a hop count', () => {
    expect(parseTrustProxy('2')).toEqual({ value: 2 })
  })

  it('takes proxy addresses and CIDR ranges', () => {
    expect(parseTrustProxy('10.0.0.1, 192.168.0.0/16,::1,fd00::/8')).toEqual({
      value: ['10.0.0.1', '192.168.0.0/16', '::1', 'fd00::/8'],
    })
  })

  it('refuses anything else with one line naming the variable', () => {
    for (const bad of ['yes', '10.0.0.300', '10.0.0.0/33', '10.0.0.1/8/2', '99', 'loopback']) {
      expect(parseTrustProxy(bad)).toMatchObject({ error: expect.stringMatching(/^TRUST_PROXY/) })
    }
  })
})
