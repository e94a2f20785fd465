import { z } from 'zod'

export const telegramBindingStatuses = ['unbound', 'bound', 'stopped'] as const
export type TelegramBindingStatus = (typeof telegramBindingStatuses)[number]

/** Whether a person gets messages on Telegram, for admins (GET /api/trial-requests/:id/telegram). */
export const telegramBinding = z.object({
  /** TELEGRAM_BOT_TOKEN is set on the server. */
  isEnabled: z.boolean(),
  /** `unbound`: never pressed Start; `stopped`: sent /stop or blocked the bot. */
  status: z.enum(telegramBindingStatuses),
  boundAt: z.iso.datetime().nullable(),
})
export type TelegramBinding = z.infer<typeof telegramBinding>

/** Telegram accepts only these in a deep link's start parameter (1 to 64 characters). */
export const startParameterPattern = /^[A-Za-z0-9_-]{1,64}$/

/** The link that opens the bot and, on Start, sends it `/start {token}`. */
export function telegramStartLink(botUsername: string, token: string): string {
  return `https://t.me/${encodeURIComponent(botUsername)}?start=${token}`
}
