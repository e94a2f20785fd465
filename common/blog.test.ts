import { describe, expect, it } from 'vitest'
import {
  blogPostInput,
  excerptOf,
  readTimeByLength,
  readTimeByWords,
  seoScore,
  slugify,
} from './blog'

describe('slugify', () => {
  it.each([
    ['Hello World', 'hello-world'],
    ['  Top 10 Streams: 2026 Edition!  ', 'top-10-streams-2026-edition'],
    ['Multiple   spaces -- and hyphens', 'multiple-spaces-and-hyphens'],
    ['Café & Crème', 'caf-crme'],
  ])('%s → %s', (title, slug) => expect(slugify(title)).toBe(slug))
})

describe('reading time', () => {
  it('counts words / 200 rounded up on the landing', () => {
    expect(readTimeByWords('word '.repeat(200))).toBe(1)
    expect(readTimeByWords('word '.repeat(201))).toBe(2)
  })

  it('counts characters / 1000 rounded up on blog pages', () => {
    expect(readTimeByLength('x'.repeat(1000))).toBe(1)
    expect(readTimeByLength('x'.repeat(1001))).toBe(2)
  })

  it('is at least a minute', () => {
    expect(readTimeByWords('')).toBe(1)
    expect(readTimeByLength('')).toBe(1)
  })
})

describe('excerptOf', () => {
  it('prefers the excerpt, else cuts the content', () => {
    expect(excerptOf({ excerpt: 'Short.', content: 'Long content' }, 5)).toBe('Short.')
    expect(excerptOf({ excerpt: null, content: 'abcdefghij' }, 5)).toBe('abcde…')
    expect(excerptOf({ excerpt: '', content: 'abc' }, 5)).toBe('abc')
  })
})

describe('seoScore', () => {
  const perfect = {
    title: 'A title of good length',
    metaDescription: 'd'.repeat(140),
    slug: 'a-good-slug',
    content: 'c'.repeat(300),
    excerpt: 'e'.repeat(50),
    metaTitle: 'Meta title!',
  }

  it('gives 100 when every rule is met', () => expect(seoScore(perfect)).toBe(100))

  it.each([
    ['title too short', { title: 'Too short' }, 80],
    ['title too long', { title: 't'.repeat(61) }, 80],
    ['meta description too short', { metaDescription: 'd'.repeat(119) }, 80],
    ['meta description too long', { metaDescription: 'd'.repeat(161) }, 80],
    ['short slug', { slug: 'abcd' }, 85],
    ['short content', { content: 'c'.repeat(299) }, 75],
    ['short excerpt', { excerpt: null }, 90],
    ['short meta title', { metaTitle: '' }, 90],
  ])('takes points off for a %s', (_name, change, score) => {
    expect(seoScore({ ...perfect, ...change })).toBe(score)
  })

  it('is 0 for an empty post', () => {
    expect(seoScore({ title: '', content: '' })).toBe(0)
  })
})

describe('blogPostInput', () => {
  it('requires a title and content, and stores empty optional fields as null', () => {
    const result = blogPostInput.safeParse({ title: ' ', content: '' })
    expect(result.error?.issues.map((i) => i.message)).toEqual([
      'Title is required',
      'Content is required',
    ])
    expect(
      blogPostInput.parse({
        title: 'T',
        content: 'C',
        slug: '',
        excerpt: '',
        tags: ['a', 'a', ' '],
      }),
    ).toMatchObject({
      slug: null,
      excerpt: null,
      tags: ['a'],
      published: false,
    })
  })
  const withImage = (featuredImage: unknown) =>
    blogPostInput.safeParse({ title: 'T', content: 'C', featuredImage })

  it.each(['https://cdn.example.com/a.png', 'http://localhost:3000/a.png', ' HTTPS://X.COM/a '])(
    'accepts the featured image %j',
    (url) => expect(withImage(url).data?.featuredImage).toBe(url.trim()),
  )

  it.each([
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    'data:image/png;base64,AAAA',
    '/images/a.png',
    '//evil.example/a.png',
    'ftp://example.com/a.png',
    'https:example.com/a.png',
    'https://',
    'https://example.com/a b.png',
    'https://example.com/\u0000.png',
    `https://example.com/${'a'.repeat(2048)}`,
    42,
  ])('refuses the featured image %j, naming the field', (url) => {
    const issues = withImage(url).error?.issues ?? []
    expect(issues.map((issue) => issue.path)).toEqual([['featuredImage']])
    expect(issues[0]?.message).toMatch(/^Featured image must be /)
  })

  it.each([null, undefined, ''])('stores no featured image for %j', (url) => {
    expect(withImage(url).data?.featuredImage).toBeNull()
  })
})
