import { describe, expect, it } from 'vitest'
import { describeStep, furthest } from './import-steps'

describe('an upload’s progress', () => {
  it('never moves back, whatever order the reports arrive in', () => {
    const checking = { step: 'checking', done: 10_000, total: 50_000 } as const
    expect(furthest(checking, { step: 'reading', done: 50_000, total: 50_000 })).toBe(checking)
    expect(furthest(checking, { step: 'checking', done: 5_000, total: 50_000 })).toBe(checking)
    const writing = { step: 'writing', done: 0, total: 50_000 } as const
    expect(furthest(checking, writing)).toBe(writing)
    expect(furthest(null, writing)).toBe(writing)
  })

  it('names its step among the run’s, with the figures in words', () => {
    expect(describeStep({ step: 'writing', done: 12_500, total: 50_000 }, false)).toEqual({
      heading: 'Step 4 of 4: Writing the payments',
      percent: 25,
      figures: '12,500 of 50,000 payments (25%)',
    })
    expect(describeStep({ step: 'sending', done: 2048, total: 4096 }, true)).toMatchObject({
      heading: 'Step 1 of 3: Sending the file',
      figures: '2 of 4 kB (50%)',
    })
    expect(describeStep({ step: 'reading', done: 3072, total: 4096 }, true)).toMatchObject({
      heading: 'Step 2 of 3: Reading the file',
      figures: '3 of 4 kB (75%)',
    })
  })
})
