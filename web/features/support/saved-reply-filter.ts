import type { SavedReply } from '@common/saved-replies'

/**
 * What the agent is looking for when the reply box holds `/…` on one line: the text after the
 * slash; null when the box holds anything else (the picker is closed).
 */
export function savedReplyQuery(draft: string): string | null {
  return /^\/[^\n]*$/.test(draft) ? draft.slice(1).trim().toLowerCase() : null
}

/** The saved replies whose title or text contains every word of the query, titles first. */
export function filterSavedReplies(replies: readonly SavedReply[], query: string): SavedReply[] {
  const words = query.split(/\s+/).filter(Boolean)
  const matches = (text: string) => words.every((word) => text.toLowerCase().includes(word))
  const byTitle = replies.filter((reply) => matches(reply.title))
  const byBody = replies.filter((reply) => !byTitle.includes(reply) && matches(reply.body))
  return [...byTitle, ...byBody]
}
