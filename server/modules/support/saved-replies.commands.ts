import { recordCommands } from '../audit/record-commands'
import { createSavedReply, deleteSavedReply, updateSavedReply } from './saved-replies.service'

/** Saved replies, shared by every agent. */
export const savedReplyCommands = recordCommands({
  entity: 'saved_reply',
  create: createSavedReply,
  update: updateSavedReply,
  remove: deleteSavedReply,
})
