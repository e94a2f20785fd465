import { describe, expect, it } from 'vitest'
import { excerptOf, readTimeByLength, readTimeByWords, slugify } from './blog'

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
