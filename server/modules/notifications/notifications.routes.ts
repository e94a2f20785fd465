import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { apiErrorBody, idParams } from '../../../common/api'
import {
  supportNotificationKinds,
  markAllReadQuery,
  notification,
  notificationListQuery,
  notificationScope,
  unreadCount,
  type NotificationScope,
} from '../../../common/notifications'
import { HttpError, notFound } from '../../lib/http-error'
import {
  countUnread,
  listNotifications,
  markAllRead,
  markRead,
  type Recipients,
} from './notifications.service'

const adminDropdownSize = 10

/** The staff's notifications as the signed-in role sees them (support: the inbox's kinds). */
const staffScope = (request: FastifyRequest): Recipients => ({
  role: 'admin',
  key: null,
  ...(request.admin?.role === 'support' ? { kinds: supportNotificationKinds } : {}),
})

/** Staff notifications need a staff session; a customer's need their ticket id as the key. */
function authorize(request: FastifyRequest, scope: NotificationScope): Recipients {
  if (scope.role === 'admin' && !request.admin) throw new HttpError(401, 'Authentication required')
  return scope.role === 'admin' ? staffScope(request) : scope
}

export async function notificationsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const open = { config: { public: true, personal: true } as const }
  // 401: staff notifications asked for without a staff session.
  const list = { 200: z.array(notification), 400: apiErrorBody, 401: apiErrorBody }
  const count = { 200: unreadCount, 400: apiErrorBody, 401: apiErrorBody }

  app.get(
    '/api/notifications',
    { ...open, schema: { querystring: notificationListQuery, response: list } },
    async (request) =>
      listNotifications(app.db, authorize(request, request.query), request.query.limit),
  )

  app.get(
    '/api/notifications/count',
    { ...open, schema: { querystring: notificationScope, response: count } },
    async (request) => ({
      unread: await countUnread(app.db, authorize(request, request.query)),
    }),
  )

  app.put(
    '/api/notifications/:id/read',
    {
      ...open,
      schema: {
        params: idParams,
        querystring: notificationScope,
        response: { ...count, 404: apiErrorBody },
      },
    },
    async (request) => {
      const isMarked = await markRead(app.db, authorize(request, request.query), request.params.id)
      if (!isMarked) throw notFound('Notification not found')
      return { unread: await countUnread(app.db, authorize(request, request.query)) }
    },
  )

  app.put(
    '/api/notifications/read-all',
    { ...open, schema: { querystring: markAllReadQuery, response: count } },
    async (request) => {
      const scope = authorize(request, request.query)
      await markAllRead(app.db, scope, request.query.type)
      return { unread: await countUnread(app.db, scope) }
    },
  )

  app.get(
    '/api/notifications/admin/',
    { config: { role: 'support' }, schema: { response: { 200: z.array(notification) } } },
    async (request) => listNotifications(app.db, staffScope(request), adminDropdownSize),
  )
}
