import { z } from 'zod'
import { formatCents, toCents } from './money'

/** An amount on input: a string or a number with at most two decimals, normalised to "9.99". */
export const moneyInput = (label: string) =>
  z.union([z.string(), z.number()], { error: `${label} is required` }).transform((value, ctx) => {
    if (value === '') {
      ctx.addIssue({ code: 'custom', message: `${label} is required` })
      return z.NEVER
    }
    const cents = toCents(value)
    if (cents === null) {
      ctx.addIssue({ code: 'custom', message: `${label} must be an amount like 9.99` })
      return z.NEVER
    }
    return formatCents(cents)
  })
