import { z } from 'zod'
import { moneyInput } from '@common/money-input'

/** An optional amount on a form: left empty, it is left out of the request (the server's default). */
export const optionalAmount = (label: string) =>
  z
    .union([z.literal(''), moneyInput(label)])
    .optional()
    .transform((value) => value || undefined)
