import { randomBytes } from 'node:crypto'
import { m3uPlaylistUrl } from '../../../common/m3u'
import { hashPassword } from '../../lib/passwords'
import { makeOneTimeCode, noPassword, oneTimeCodeLifetimeMs } from '../auth/one-time-code'

export type StaffCode = { username: string; code: string; expiresAt: Date }

type Row = Record<string, unknown>

/** What a backup never holds of a staff account: its password, second factor and codes. */
const staffSecrets = [
  'password',
  'totpSecret',
  'totpPendingSecret',
  'totpLastStep',
  'passwordCodeExpiresAt',
]

const newToken = () => randomBytes(24).toString('base64url')

/**
 * The live credentials a backup leaves out, made anew so the rows can be inserted: staff sign in
 * with a one-time code (super admins) or a password a super admin sets (everyone else); people
 * get new Telegram start and unsubscribe tokens (the old links stop working); a line whose
 * playlist URL is not in the file (format 2) gets one at the supplier panel's address with no
 * password, until its password is reset.
 */
export async function restoredCredentials(
  staff: Row[],
  { now, panelOrigin }: { now: Date; panelOrigin: string },
) {
  const codes: StaffCode[] = []
  const passwords = new Map<unknown, Row>()
  const expiresAt = new Date(now.getTime() + oneTimeCodeLifetimeMs)
  for (const account of staff) {
    if (account.role !== 'super_admin') {
      passwords.set(account.id, { password: noPassword, passwordCodeExpiresAt: null })
      continue
    }
    const code = makeOneTimeCode()
    codes.push({ username: String(account.username), code, expiresAt })
    // Hashed as passwords are, so the code is checked the way a password is at sign-in.
    passwords.set(account.id, {
      password: await hashPassword(code),
      passwordCodeExpiresAt: expiresAt.toISOString(),
    })
  }
  const fills: Record<string, (row: Row) => Row> = {
    users: (row) => ({
      ...Object.fromEntries(Object.entries(row).filter(([key]) => !staffSecrets.includes(key))),
      ...passwords.get(row.id),
    }),
    telegram_bindings: (row) => ({ startToken: newToken(), ...row }),
    message_preferences: (row) => ({ unsubscribeToken: newToken(), ...row }),
    m3u_lines: (row) => ({
      m3uUrl: m3uPlaylistUrl(panelOrigin, String(row.username ?? ''), ''),
      ...row,
    }),
  }
  return { codes, fill: (table: string, row: Row) => fills[table]?.(row) ?? row }
}
