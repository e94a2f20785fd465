import { afterEach, describe, expect, it } from 'vitest'
import { classMergesMade, cn, setServerClassMerges } from './utils'

afterEach(() => setServerClassMerges(null))

describe('cn', () => {
  it('lets a later utility override an earlier one of the same kind', () => {
    const isBold = false
    expect(cn('px-2 py-1', 'px-4')).toBe('py-1 px-4')
    expect(cn('text-sm', isBold && 'font-bold', 'text-base')).toBe('text-base')
    expect(cn('flex gap-2')).toBe('flex gap-2')
  })

  it('lists the merges that changed a list, for a server-rendered page to hand over', () => {
    cn('rounded-md', 'rounded-lg')
    cn('block w-full')
    const made = classMergesMade()
    expect(made['rounded-md rounded-lg']).toBe('rounded-lg')
    expect(made).not.toHaveProperty('block w-full')
  })

  it('during hydration, answers from the merges the server handed over', () => {
    setServerClassMerges({ 'h-10 h-12': 'h-12' })
    expect(cn('h-10', 'h-12')).toBe('h-12')
    // The server rendered this list and handed over no merge: it needed none.
    expect(cn('inline-flex size-4')).toBe('inline-flex size-4')
  })

  it('merges lists never seen before once the page has hydrated', () => {
    setServerClassMerges({})
    setServerClassMerges(null)
    expect(cn('m-1', 'm-3')).toBe('m-3')
  })
})
