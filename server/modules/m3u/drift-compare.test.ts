import { describe, expect, it } from 'vitest'
import { findDrift, type OurLine } from './drift-compare'
import type { PanelLine } from './panel'

const expiry = new Date('2027-03-01T10:00:00.250Z')
const ours = (fields: Partial<OurLine>): OurLine => ({
  id: 'ours-1',
  supplierId: '1001',
  username: 'sla',
  expiresAt: expiry,
  isEnabled: true,
  isPending: false,
  ...fields,
})
const panel = (fields: Partial<PanelLine>): PanelLine => ({
  id: '1001',
  username: 'sla',
  password: 'pw',
  expiresAt: new Date('2027-03-01T10:00:00Z'),
  maxConnections: 1,
  isTrial: false,
  isEnabled: true,
  bouquetIds: [],
  notes: '',
  ...fields,
})

describe('findDrift', () => {
  it('finds nothing when the panel holds ours, to the second it keeps', () => {
    expect(findDrift([ours({})], [panel({})])).toEqual([])
  })

  it('matches by the panel id, then by username', () => {
    expect(findDrift([ours({ supplierId: '9' })], [panel({})])).toEqual([])
    expect(findDrift([ours({ username: 'slb' })], [panel({})])).toEqual([])
  })

  it('names an expiry and an enabled state that differ, with both sides', () => {
    const found = findDrift(
      [ours({})],
      [panel({ expiresAt: new Date('2027-04-01T10:00:00Z'), isEnabled: false })],
    )
    expect(found).toEqual([
      {
        lineId: 'ours-1',
        panelLineId: '1001',
        username: 'sla',
        kind: 'expiry',
        ours: { expiresAt: expiry.toISOString(), isEnabled: true },
        panel: { expiresAt: '2027-04-01T10:00:00.000Z', isEnabled: false },
      },
      expect.objectContaining({ kind: 'enabled' }),
    ])
  })

  it('leaves a line whose change is still to be pushed out of the comparison', () => {
    expect(findDrift([ours({ isPending: true })], [panel({ isEnabled: false })])).toEqual([])
  })

  it('lists ours missing on the panel and the panel’s unknown here', () => {
    const found = findDrift(
      [ours({ supplierId: '7', username: 'slgone' })],
      [panel({ id: '8', username: 'stranger' })],
    )
    expect(found.map(({ kind, username, lineId }) => ({ kind, username, lineId }))).toEqual([
      { kind: 'missing_on_panel', username: 'slgone', lineId: 'ours-1' },
      { kind: 'unknown_on_panel', username: 'stranger', lineId: null },
    ])
  })
})
