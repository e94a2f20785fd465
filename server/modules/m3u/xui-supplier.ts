import { m3uPlaylistUrl } from '../../../common/m3u'
import {
  redact,
  SupplierError,
  type LineOrder,
  type SupplierAdapter,
  type SupplierLine,
} from './supplier'

type XuiLine = {
  username?: unknown
  password?: unknown
  exp_date?: unknown
  status?: unknown
  id?: unknown
}
type XuiAnswer = XuiLine & { result?: unknown; error?: unknown; message?: unknown; data?: XuiLine }

/**
 * The XUI.one / Xtream UI reseller API: POST {base}?api_key=KEY&action=create_line with the
 * order as form fields; it answers JSON with the line's username, password, expiry (Unix time)
 * and status, either flat or under `data`. The playlist is served from the panel's origin.
 */
export function createXuiSupplier(baseUrl: string, timeoutMs: number): SupplierAdapter {
  const streamHost = new URL(baseUrl).origin

  return {
    async createLine(order: LineOrder): Promise<SupplierLine> {
      const url = new URL(baseUrl)
      url.searchParams.set('api_key', order.apiKey)
      url.searchParams.set('action', 'create_line')
      const form = new URLSearchParams({
        package_id: order.packageId,
        max_connections: String(order.connections),
        is_trial: order.months === null ? '1' : '0',
        reference: order.reference,
      })
      if (order.months !== null) form.set('months', String(order.months))

      let response: Response
      try {
        response = await fetch(url, {
          method: 'POST',
          body: form,
          signal: AbortSignal.timeout(timeoutMs),
        })
      } catch (error) {
        const isTimeout = error instanceof Error && error.name === 'TimeoutError'
        throw new SupplierError(
          isTimeout
            ? 'The supplier panel did not answer in time. Please try again.'
            : 'Could not reach the supplier panel.',
        )
      }
      const text = await response.text()
      let answer: XuiAnswer
      try {
        answer = JSON.parse(text) as XuiAnswer
      } catch {
        throw new SupplierError(
          `The supplier panel sent an answer we could not read (HTTP ${response.status}).`,
        )
      }
      const refusal = answer.error ?? answer.message
      if (!response.ok || answer.result === false) {
        throw new SupplierError(
          typeof refusal === 'string' && refusal
            ? refusal
            : `The supplier panel refused the order (HTTP ${response.status}).`,
        )
      }
      const line = answer.data ?? answer
      if (typeof line.username !== 'string' || typeof line.password !== 'string') {
        throw new SupplierError('The supplier panel did not return the new line’s login.')
      }
      const expiry = Number(line.exp_date)
      return {
        username: line.username,
        password: line.password,
        m3uUrl: m3uPlaylistUrl(streamHost, line.username, line.password),
        expiresAt: Number.isFinite(expiry) && expiry > 0 ? new Date(expiry * 1000) : null,
        status: typeof line.status === 'string' ? line.status : 'active',
        supplierId: line.id === undefined || line.id === null ? null : String(line.id),
        response: redact(answer),
      }
    },
  }
}
