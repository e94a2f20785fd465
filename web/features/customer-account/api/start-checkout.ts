import { useMutation } from '@tanstack/react-query'
import type { AccountCheckoutAnswer, AccountCheckoutInput } from '@common/customer-account'
import { apiJson } from '@/lib/api-client'

/** A checkout at the chosen provider for one of the offered plans; the price is the server's. */
export function startCheckout(input: AccountCheckoutInput): Promise<AccountCheckoutAnswer> {
  return apiJson('POST', '/api/account/checkout', input)
}

export function useStartCheckout() {
  return useMutation({ mutationFn: startCheckout })
}
