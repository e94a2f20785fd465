import { describe, expect, it } from 'vitest'
import type { SavedReply } from '../../../common/saved-replies'
import { filterSavedReplies, savedReplyQuery } from './saved-reply-filter'

const reply = (title: string, body: string): SavedReply => ({
  id: title,
  title,
  body,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
})

describe('savedReplyQuery', () => {
  it('opens on a slash at the start of a one-line draft and reads what follows', () => {
    expect(savedReplyQuery('/')).toBe('')
    expect(savedReplyQuery('/Restart App')).toBe('restart app')
  })

  it('stays closed for ordinary text, a slash later on, or a second line', () => {
    expect(savedReplyQuery('')).toBeNull()
    expect(savedReplyQuery('Try 1/2')).toBeNull()
    expect(savedReplyQuery('/restart\nplease')).toBeNull()
  })
})

describe('filterSavedReplies', () => {
  const replies = [
    reply('Welcome', 'Hi {firstName}, thanks for writing.'),
    reply('Restart the app', 'Please restart the TV app.'),
    reply('Playlist link', 'Your playlist: {m3uUrl} — restart after adding it.'),
  ]

  it('lists every reply for an empty query', () => {
    expect(filterSavedReplies(replies, '').map((r) => r.title)).toHaveLength(3)
  })

  it('matches every word in titles first, then in the text', () => {
    expect(filterSavedReplies(replies, 'restart').map((r) => r.title)).toEqual([
      'Restart the app',
      'Playlist link',
    ])
    expect(filterSavedReplies(replies, 'play link').map((r) => r.title)).toEqual(['Playlist link'])
    expect(filterSavedReplies(replies, 'nothing')).toEqual([])
  })
})
