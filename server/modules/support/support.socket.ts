import type { FastifyInstance } from 'fastify'
import type { SocketServices } from '../../realtime/socket.routes'
import { sendChatMessage } from './chat.service'
import { findTicket } from './tickets.service'

/** What support gives the live socket: ticket capabilities and the chat's one write path. */
export function supportSocketServices(
  app: FastifyInstance,
): Pick<SocketServices, 'findTicketId' | 'sendChatMessage'> {
  return {
    findTicketId: async (id) => (await findTicket(app.db, id))?.id ?? null,
    sendChatMessage: (sender, payload) => sendChatMessage(app, sender, payload),
  }
}
