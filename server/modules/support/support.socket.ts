import type { FastifyInstance } from 'fastify'
import type { SocketServices } from '../../realtime/socket.routes'
import { sendChatMessage } from './chat.service'

/** What support gives the live socket: ticket capabilities and the chat's one write path. */
export function supportSocketServices(
  app: FastifyInstance,
): Pick<SocketServices, 'findTicketId' | 'sendChatMessage'> {
  return {
    // Through the contacts: the ticket a customer watches is then at hand when an agent answers.
    findTicketId: async (id) => (await app.ticketContacts.find(id))?.id ?? null,
    sendChatMessage: (sender, payload) => sendChatMessage(app, sender, payload),
  }
}
