import { describe, expect, it } from 'vitest'
import { holdInPlace } from './lobby-order'

const chats = (...ids: string[]) => ids.map((id) => ({ id }))
const ids = (list: { id: string }[]) => list.map((chat) => chat.id).join('')

describe('holdInPlace', () => {
  it('keeps the open chat at its place while the others re-sort around it', () => {
    // "c" was opened third; a new message sorted "d" first, pushing "c" down.
    expect(ids(holdInPlace(chats('d', 'a', 'b', 'c'), 'c', 2))).toBe('dacb')
    // The open chat got a message and sorted first: it stays where the agent reads it.
    expect(ids(holdInPlace(chats('c', 'a', 'b'), 'c', 2))).toBe('abc')
  })

  it('changes nothing without an open chat, or when it left the list', () => {
    expect(ids(holdInPlace(chats('a', 'b'), null, null))).toBe('ab')
    expect(ids(holdInPlace(chats('a', 'b'), 'z', 1))).toBe('ab')
  })

  it('puts the open chat last when the list grew shorter than its place', () => {
    expect(ids(holdInPlace(chats('c', 'a'), 'c', 5))).toBe('ac')
  })
})
