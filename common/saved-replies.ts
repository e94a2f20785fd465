import { z } from 'zod'
import { maxChatMessageLength } from './support'

/** What a saved reply may say in braces, filled in for the chat it is inserted into. */
export const replyVariables = [
  'firstName',
  'name',
  'email',
  'username',
  'm3uUrl',
  'plan',
  'agentName',
] as const
export type ReplyVariable = (typeof replyVariables)[number]
export type ReplyVariableValues = Partial<Record<ReplyVariable, string | null>>

const variablePattern = new RegExp(`\\{(${replyVariables.join('|')})\\}`, 'g')

/**
 * The reply's text with every known variable replaced; one without a value for this customer
 * stays as written, so the agent sees the gap before sending.
 */
export function fillReplyVariables(body: string, values: ReplyVariableValues): string {
  return body.replace(variablePattern, (placeholder, name: ReplyVariable) => {
    const value = values[name]
    return value ? value : placeholder
  })
}

export const savedReply = z.object({
  id: z.uuid(),
  title: z.string(),
  body: z.string(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
})
export type SavedReply = z.infer<typeof savedReply>

export const saveSavedReplyInput = z.object({
  title: z
    .string({ error: 'Title is required' })
    .trim()
    .min(1, 'Title is required')
    .max(100, 'Title must be at most 100 characters'),
  body: z
    .string({ error: 'Reply text is required' })
    .trim()
    .min(1, 'Reply text is required')
    .max(maxChatMessageLength, `Reply text must be at most ${maxChatMessageLength} characters`),
})
export type SaveSavedReplyInput = z.input<typeof saveSavedReplyInput>
