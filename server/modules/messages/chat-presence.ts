import type { FastifyInstance } from 'fastify'
import { skipSupportReply } from './outbox.service'

/**
 * A support reply is e-mailed only to a customer who is not in the ticket's chat. The process
 * storing the reply stores the e-mail as not needed when it holds the customer's socket (no
 * statement after the reply); otherwise every process hears of the reply on the bus, and the one
 * holding the customer's socket marks the ticket's waiting e-mail not needed (outbox.service's
 * replyEmailWindowMs), so it is never sent: the chat shows every reply it held.
 */
export function watchChatPresence(app: FastifyInstance): () => void {
  return app.bus.subscribe((event) => {
    if (event.kind !== 'chat_message' || event.message.senderType !== 'admin') return
    // The process that stored it saw the customer here, and stored the e-mail as not needed.
    if (event.isReadLive) return
    if (!app.isCustomerInChat(event.message.ticketId)) return
    skipSupportReply(app.db, event.message.ticketId, app.now()).catch((error: unknown) =>
      app.log.warn({ err: error }, 'Could not mark a reply e-mail as read in the chat'),
    )
  })
}
