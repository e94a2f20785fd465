import { describe, expect, it } from 'vitest'
import { hashPassword, verifyPassword } from './passwords'

describe('password hashing', () => {
  it('stores a salted scrypt hash at OWASP cost that verifies only the right password', async () => {
    const hash = await hashPassword('correct horse battery')
    expect(hash).toMatch(/^scrypt\$131072\$8\$1\$[\w+/=]+\$[\w+/=]+$/)
    expect(hash).not.toContain('correct horse')
    expect(await verifyPassword('correct horse battery', hash)).toBe(true)
    expect(await verifyPassword('correct horse batterY', hash)).toBe(false)
  })

  it('checks a hash made at another cost with the cost it records, so the cost can be raised', async () => {
    const hash = await hashPassword('old but fine', { N: 2 ** 14, r: 8, p: 1 })
    expect(hash).toMatch(/^scrypt\$16384\$8\$1\$/)
    expect(await verifyPassword('old but fine', hash)).toBe(true)
    expect(await verifyPassword('old but fine?', hash)).toBe(false)
  })

  it('salts every hash differently', async () => {
    expect(await hashPassword('same password')).not.toBe(await hashPassword('same password'))
  })

  it('refuses a malformed stored hash instead of throwing', async () => {
    expect(await verifyPassword('anything', 'plain-text')).toBe(false)
  })
})
