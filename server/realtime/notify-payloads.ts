import { randomUUID } from 'node:crypto'

// PostgreSQL refuses NOTIFY payloads of 8000 bytes or more; a ticket's description or a chat
// message in a non-Latin script can be larger than that once it is JSON.
const maxPayloadBytes = 7900
// Base64 turns each 3 bytes into 4 characters: 5,700 bytes make 7,600, with room for the header.
const pieceBytes = 5700
const piecePrefix = '#'

/**
 * The payloads that carry one JSON event: itself when it fits, else numbered base64 pieces
 * (`#id:index:count:data`). Sent by one statement, the pieces reach each listener together.
 */
export function toNotifyPayloads(json: string): string[] {
  const bytes = Buffer.from(json)
  if (bytes.length <= maxPayloadBytes) return [json]
  const id = randomUUID()
  const count = Math.ceil(bytes.length / pieceBytes)
  return Array.from({ length: count }, (_, index) => {
    const data = bytes.subarray(index * pieceBytes, (index + 1) * pieceBytes).toString('base64')
    return `${piecePrefix}${id}:${index}:${count}:${data}`
  })
}

/** Turns received payloads back into JSON: whole events at once, pieced ones at their last piece. */
export function createPayloadJoiner() {
  const pending = new Map<string, Buffer[]>()
  return (payload: string): string | null => {
    if (!payload.startsWith(piecePrefix)) return payload
    const [id = '', index, count, data = ''] = payload.slice(1).split(':')
    const pieces = pending.get(id) ?? new Array<Buffer>(Number(count))
    pieces[Number(index)] = Buffer.from(data, 'base64')
    if (pieces.filter(Boolean).length < pieces.length) {
      pending.set(id, pieces)
      return null
    }
    pending.delete(id)
    return Buffer.concat(pieces).toString()
  }
}
