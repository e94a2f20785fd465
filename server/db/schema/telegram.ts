import { bigint, check, index, pgTable, uuid, varchar } from 'drizzle-orm/pg-core'
import { telegramBindingStatuses } from '../../../common/telegram'
import { createdAt, isOneOf, timestamptz, updatedAt } from './columns'
import { trialRequests } from './trial-requests'

/**
 * A person's Telegram chat. The start token in their deep link is random (192 bits) and kept as
 * is, so the same link can be offered again in every message; whoever holds it may bind a chat
 * once. The chat id stays after /stop so that only that chat may take the link up again.
 */
export const telegramBindings = pgTable(
  'telegram_bindings',
  {
    personId: uuid('person_id')
      .primaryKey()
      .references(() => trialRequests.id, { onDelete: 'cascade' }),
    startToken: varchar('start_token', { length: 64 }).notNull().unique(),
    // Telegram chat ids have at most 52 significant bits: a JavaScript number holds them.
    chatId: bigint('chat_id', { mode: 'number' }),
    status: varchar('status', { length: 10, enum: telegramBindingStatuses })
      .notNull()
      .default('unbound'),
    boundAt: timestamptz('bound_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('telegram_bindings_status_check', isOneOf(t.status, telegramBindingStatuses)),
    index('telegram_bindings_chat_id_idx').on(t.chatId),
  ],
)

/**
 * Updates already handled, by Telegram's update_id: a webhook retry or a poll repeated after a
 * restart is recognised and skipped, and the newest recent one gives the polling offset.
 */
export const telegramUpdates = pgTable(
  'telegram_updates',
  {
    updateId: bigint('update_id', { mode: 'number' }).primaryKey(),
    handledAt: timestamptz('handled_at').notNull().defaultNow(),
  },
  (t) => [index('telegram_updates_handled_at_idx').on(t.handledAt)],
)
