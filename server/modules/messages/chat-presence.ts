import type { FastifyInstance } from 'fastify'
import { skipSupportReply } from './outbox.service'

/**
 * A support reply is e-mailed only to a customer who is not in the ticket's chat. Every process
 * hears of the reply on the bus; the one holding the customer's socket marks the e-mail not
 * needed while it still waits (outbox.service's liveChatWindowMs), so it is never sent.
 */
export function watchChatPresence(app: FastifyInstance): () => void {
  return app.bus.subscribe((event) => {
    if (event.kind !== 'chat_message' || event.message.senderType !== 'admin') return
    if (!app.isCustomerInChat(event.message.ticketId)) return
    skipSupportReply(app.db, event.message, app.now()).catch((error: unknown) =>
      app.log.warn({ err: error }, 'Could not mark a reply e-mail as read in the chat'),
    )
  })
}
