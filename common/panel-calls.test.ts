import { describe, expect, it } from 'vitest'
import { describeLineEvent, describePanelCall, type LineEvent } from './panel-calls'
import { panelDifferences, type PersonLine } from './person-lines'

const day = (iso: string) => iso.slice(0, 10)

describe("a line's history in words", () => {
  it('says what each change did, with its date, never a password', () => {
    const cases: [LineEvent, string][] = [
      [
        { kind: 'created', isTrial: true, expiresAt: '2026-11-24T10:00:00.000Z' },
        'Created a trial line, ends 2026-11-24',
      ],
      [
        { kind: 'converted', expiresAt: '2027-02-23T10:00:00.000Z' },
        'Converted to paid, ends 2027-02-23',
      ],
      [
        { kind: 'extended', months: 1, expiresAt: '2027-03-23T10:00:00.000Z' },
        'Extended by 1 month to 2027-03-23',
      ],
      [
        { kind: 'extended', months: 3, expiresAt: '2027-06-23T10:00:00.000Z' },
        'Extended by 3 months to 2027-06-23',
      ],
      [{ kind: 'renewed', expiresAt: '2027-01-01T00:00:00.000Z' }, 'Renewed until 2027-01-01'],
      [{ kind: 'end_moved', expiresAt: '2027-01-01T00:00:00.000Z' }, 'End moved to 2027-01-01'],
      [{ kind: 'password_reset' }, 'Password reset'],
      [{ kind: 'disabled' }, 'Disabled'],
      [{ kind: 'enabled' }, 'Enabled'],
    ]
    for (const [event, words] of cases) expect(describeLineEvent(event, day)).toBe(words)
  })

  it('joins the events of one call, and names a call that changed nothing by its action', () => {
    const events: LineEvent[] = [
      { kind: 'converted', expiresAt: '2027-02-23T10:00:00.000Z' },
      { kind: 'password_reset' },
    ]
    expect(describePanelCall({ action: 'edit_line', events }, day)).toBe(
      'Converted to paid, ends 2027-02-23; Password reset',
    )
    expect(describePanelCall({ action: 'get_line', events: null }, day)).toBe('Read the line')
    expect(describePanelCall({ action: 'ban_line', events: [] }, day)).toBe('ban_line')
  })
})

describe("the panel's word beside ours", () => {
  const line: Pick<PersonLine, 'expiresAt' | 'status' | 'isTrial' | 'panel'> = {
    expiresAt: '2027-02-23T10:00:00.500Z',
    status: 'active',
    isTrial: false,
    panel: {
      expiresAt: '2027-02-23T10:00:00.000Z',
      isEnabled: true,
      isTrial: false,
      maxConnections: null,
      seenAt: null,
    },
  }

  it('agrees to the second, the panel keeping whole seconds', () => {
    expect(panelDifferences(line)).toEqual([])
    expect(panelDifferences({ ...line, panel: null })).toEqual([])
  })

  it('flags each field the panel holds otherwise', () => {
    expect(
      panelDifferences({
        ...line,
        panel: {
          expiresAt: '2027-01-23T10:00:00.000Z',
          isEnabled: false,
          isTrial: true,
          maxConnections: null,
          seenAt: null,
        },
      }),
    ).toEqual(['expiry', 'enabled', 'trial'])
  })
})
