import { describe, expect, it } from 'vitest'
import { seoScore } from './blog'
import { seoChecks } from './seo-checks'

const text = (length: number) => 'x'.repeat(length)
const earned = (post: Parameters<typeof seoChecks>[0]) =>
  seoChecks(post).reduce((sum, check) => sum + (check.isMet ? check.points : 0), 0)

describe('seoChecks', () => {
  it('is worth 100 points in all', () => {
    expect(seoChecks({ title: '', content: '' }).reduce((sum, c) => sum + c.points, 0)).toBe(100)
  })

  // Every length at and around each rule's bounds, for every field at once.
  it.each([0, 4, 5, 9, 10, 11, 49, 50, 60, 61, 119, 120, 160, 161, 299, 300, 301])(
    'agrees with seoScore when every field is %i characters long',
    (length) => {
      const post = {
        title: text(length),
        metaDescription: text(length),
        slug: text(length),
        content: text(length),
        excerpt: text(length),
        metaTitle: text(length),
      }
      expect(earned(post)).toBe(seoScore(post))
    },
  )

  it('agrees with seoScore on a mixed post, ignoring surrounding spaces', () => {
    const post = {
      title: '  A good streaming title  ',
      metaDescription: text(130),
      slug: null,
      content: text(299),
      excerpt: text(50),
      metaTitle: undefined,
    }
    expect(earned(post)).toBe(seoScore(post))
    expect(seoChecks(post).map((check) => check.isMet)).toEqual([
      true,
      true,
      false,
      false,
      true,
      false,
    ])
  })
})
