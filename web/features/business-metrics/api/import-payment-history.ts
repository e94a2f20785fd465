import type { PaymentImportReport } from '@common/payment-imports'

/** How much of the file the browser has sent. */
export type UploadProgress = { sent: number; total: number }

/**
 * Sends a payment history file, dry run or import. XMLHttpRequest rather than fetch: it reports
 * upload progress, which a file of tens of thousands of rows takes long enough to need. The
 * server's own progress arrives on the live socket under `progressId`.
 */
export function importPaymentHistory(
  file: File,
  { dryRun, progressId }: { dryRun: boolean; progressId: string },
  onUpload: (progress: UploadProgress) => void,
): Promise<{ status: number; report: PaymentImportReport | null; message: string | null }> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest()
    const query = new URLSearchParams({ dryRun: String(dryRun), progressId })
    request.open('POST', `/api/imports/payments?${query}`)
    request.responseType = 'json'
    request.upload.onprogress = (event) => onUpload({ sent: event.loaded, total: event.total })
    request.upload.onload = () => onUpload({ sent: file.size, total: file.size })
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
