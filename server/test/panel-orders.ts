import type { NewPanelLine } from '../modules/m3u/panel'

const day = 24 * 60 * 60 * 1000
let serial = 0

/** A line to order from a panel, with a username no other order in the run uses. */
export function newPanelLine(fields: Partial<NewPanelLine> = {}): NewPanelLine {
  serial += 1
  return {
    username: `sltest${process.pid % 1000}n${serial}`,
    password: `Pw${serial}x7Qk2LmN9rTz`,
    expiresAt: new Date(Date.now() + 90 * day),
    maxConnections: 2,
    isTrial: false,
    bouquetIds: ['1', '2'],
    notes: `StreamLine order-${serial}: For Ada`,
    contact: 'ada@example.com',
    ...fields,
  }
}
