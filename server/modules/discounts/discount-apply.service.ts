import type { Db } from '../../db/client'
import { quoteDiscount, type DiscountQuoteRequest } from './discount-quote.service'
import { reserveRedemption } from './discount-reserve.service'

/** A checkout's price, named as the payments table's columns are. */
export type CheckoutPrice = {
  listAmountMinor: number
  discountMinor: number
  amountMinor: number
  discountId: string | null
  discountCode: string | null
}

export type ApplyDiscountRequest = Omit<DiscountQuoteRequest, 'code'> & {
  /** The code given at checkout; null or empty: none. */
  code: string | null
}

/** What the code asks of the checkout besides its price. */
export type CodeTerms = {
  /** The code has a limit, so the checkout holds one of its uses until it expires. */
  isLimited: boolean
}

/**
 * Prices a checkout with its discount code, has `recordPayment` insert the payment at that price,
 * then reserves the code's use for it, all in the caller's transaction: a payment with a code
 * never exists without its reservation. A refused code (400 naming `discountCode`) throws before
 * or after the insert; either way the transaction rolls back.
 */
export async function applyDiscountCode<Payment extends { id: string }>(
  tx: Db,
  request: ApplyDiscountRequest,
  recordPayment: (price: CheckoutPrice, terms: CodeTerms) => Promise<Payment>,
): Promise<Payment> {
  const { code, listAmountMinor } = request
  if (!code?.trim()) {
    return recordPayment(
      {
        listAmountMinor,
        discountMinor: 0,
        amountMinor: listAmountMinor,
        discountId: null,
        discountCode: null,
      },
      { isLimited: false },
    )
  }
  const quote = await quoteDiscount(tx, { ...request, code })
  const payment = await recordPayment(
    {
      listAmountMinor,
      discountMinor: quote.discountMinor,
      amountMinor: listAmountMinor - quote.discountMinor,
      discountId: quote.discountId,
      discountCode: quote.code,
    },
    { isLimited: quote.isLimited },
  )
  await reserveRedemption(tx, {
    discountId: quote.discountId,
    personId: request.personId,
    paymentId: payment.id,
    now: request.now,
  })
  return payment
}
