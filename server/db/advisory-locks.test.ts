import { expect, it } from 'vitest'
import { advisoryLockIds } from './advisory-locks'

it('gives every advisory lock an id of its own', () => {
  const ids = Object.values(advisoryLockIds)
  expect(new Set(ids).size).toBe(ids.length)
})
