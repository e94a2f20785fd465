import { isIP } from 'node:net'

/**
 * Which proxies may tell us the client's address: a hop count (`1` = one reverse proxy in front)
 * or a list of proxy addresses and CIDR ranges. The client is then the rightmost address in
 * X-Forwarded-For that is not a trusted proxy, so a client cannot choose its own address by
 * sending the header itself.
 */
export type TrustProxy = false | number | string[]

export type TrustProxyParse = { value: TrustProxy; warning?: string } | { error: string }

const usage =
  'TRUST_PROXY must be false, a number of proxy hops (1 = one reverse proxy), or a comma-separated list of proxy addresses or CIDR ranges'

function isAddressOrRange(entry: string): boolean {
  const [address, bits, ...rest] = entry.split('/')
  if (rest.length || !address) return false
  const version = isIP(address)
  if (version === 0) return false
  if (bits === undefined) return true
  const max = version === 4 ? 32 : 128
  return /^\d{1,3}$/.test(bits) && Number(bits) <= max
}

export function parseTrustProxy(raw: string | undefined): TrustProxyParse {
  const text = (raw ?? '').trim()
  if (text === '' || text === 'false' || text === '0') return { value: false }
  if (text === 'true') {
    return {
      value: 1,
      warning:
        'TRUST_PROXY=true is read as one proxy hop; set TRUST_PROXY=1 (or the proxies’ addresses) to silence this warning',
    }
  }
  if (/^\d+$/.test(text)) {
    const hops = Number(text)
    return hops <= 10 ? { value: hops } : { error: usage }
  }
  const entries = text.split(',').map((entry) => entry.trim())
  return entries.every(isAddressOrRange) ? { value: entries } : { error: usage }
}

/**
 * Fastify's option: a hop count becomes proxy-addr's trust function (hop 0 is the socket's peer,
 * then X-Forwarded-For from right to left), as Fastify itself does for a number.
 */
export function fastifyTrustProxy(value: TrustProxy) {
  return typeof value === 'number' ? (_address: string, hop: number) => hop < value : value
}
