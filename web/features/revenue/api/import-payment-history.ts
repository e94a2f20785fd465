import type { PaymentImportReport } from '@common/payment-imports'

/** Where an upload stands: the share of the file sent, then the server's checking or writing. */
export type ImportProgress = { sent: number; total: number; isProcessing: boolean }

/**
 * Sends a payment history file, dry run or import. XMLHttpRequest rather than fetch: it reports
 * upload progress, which a file of tens of thousands of rows takes long enough to need.
 */
export function importPaymentHistory(
  file: File,
  dryRun: boolean,
  onProgress: (progress: ImportProgress) => void,
): Promise<{ status: number; report: PaymentImportReport | null; message: string | null }> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest()
    request.open('POST', `/api/imports/payments?dryRun=${dryRun}`)
    request.responseType = 'json'
    request.upload.onprogress = (event) =>
      onProgress({ sent: event.loaded, total: event.total, isProcessing: false })
    request.upload.onload = () =>
      onProgress({ sent: file.size, total: file.size, isProcessing: true })
    request.onerror = () => reject(new Error('The file could not be sent: check the connection'))
    request.onload = () => {
      const body = request.response as Partial<PaymentImportReport> & { message?: string }
      const isReport = Array.isArray(body?.problems)
      resolve({
        status: request.status,
        report: isReport ? (body as PaymentImportReport) : null,
        message: isReport ? null : (body?.message ?? `The server answered ${request.status}`),
      })
    }
    const form = new FormData()
    form.append('file', file)
    request.send(form)
  })
}
