import { paymentFilterParams, type PaymentFilters } from './get-payments'

/**
 * The CSV of the payments the filters select. The server names the file
 * payments-YYYY-MM-DD.csv, so a plain download link is enough.
 */
export function paymentsCsvUrl(filters: PaymentFilters): string {
  const params = paymentFilterParams(filters).toString()
  return `/api/payments/export.csv${params ? `?${params}` : ''}`
}
