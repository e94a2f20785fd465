import type { AdminRole } from '../../../common/admin-users'
import { conflict, forbidden, invalidField } from '../../lib/http-error'
import type { HashingContext } from '../admins/admins.commands'
import { actingAdmin, auditAction, auditedChange } from '../audit/command'
import { getSecuritySettings } from '../settings/settings.service'
import { findCredentials } from './account.service'
import type { CountedAttempt } from './credential-attempts'
import { checkPassword } from './credential-checks'
import {
  acceptSecondFactor,
  disableTwoFactor,
  enableTwoFactor,
  replaceRecoveryCodes,
  startTwoFactorSetup,
} from './two-factor.service'

const action = (verb: string) => auditAction('admin_user', `two_factor_${verb}`)
export const twoFactorActions = {
  setup: action('setup'),
  enable: action('enable'),
  recoveryCodes: action('recovery_codes'),
  disable: action('disable'),
}

/** Every two-factor command checks a password or a code: the request's counted attempt. */
export type CredentialContext = HashingContext & { attempt: CountedAttempt }

type Proof = { password: string; code?: string }

/**
 * Changing how an account signs in asks for its password again (ASVS V6.2, re-authentication)
 * and, once it has a second factor, for that too: the password alone is what a thief may have.
 * `whenOff`: for a change that needs two-factor sign-in on, the 409's message if it is off.
 */
async function confirmIdentity(ctx: CredentialContext, proof: Proof, whenOff?: string) {
  const { attempt } = ctx
  const { id } = actingAdmin(ctx)
  const account = await findCredentials(ctx.db, id)
  if (!account) throw invalidField('password', 'Password is incorrect')
  if (whenOff !== undefined && !account.totpSecret) {
    await attempt.withdrawn()
    throw conflict(whenOff)
  }
  // Nothing checked yet: a missing code is a mistake to name, not a guess to count.
  if (account.totpSecret && !proof.code) {
    await attempt.withdrawn()
    throw invalidField('code', 'Enter a code from your authenticator app, or a recovery code')
  }
  if (!(await checkPassword(attempt, proof.password, account.password, ctx.passwordCost))) {
    throw invalidField('password', 'Password is incorrect')
  }
  if (account.totpSecret) {
    const user = { id, totpSecret: account.totpSecret }
    const isValid = await acceptSecondFactor(ctx.db, attempt, user, proof.code ?? '', ctx.now())
    if (!isValid) throw invalidField('code', 'That code is not right, or it was already used')
  }
  await attempt.succeeded()
}

// The trail names the account, never a code or a secret.
const ownEntry = (id: string) => ({ entityId: id, details: { fields: [] } })

// Whether settings hold a session back until its admin has a second factor depends on it.
const announceSecondFactor = (ctx: CredentialContext, userId: string) =>
  ctx.bus.publish({ kind: 'admin_account_changed', userId })

/**
 * A new authenticator's secret. With two-factor on, this starts replacing the authenticator (a
 * new phone): it stays on with the old one until enable confirms a code from the new one.
 */
export async function startSetup(ctx: CredentialContext & { issuer: string }, proof: Proof) {
  await confirmIdentity(ctx, proof)
  const admin = actingAdmin(ctx)
  return auditedChange(ctx, twoFactorActions.setup, ownEntry(admin.id), (tx) =>
    startTwoFactorSetup(tx, admin, ctx.issuer),
  )
}

/** Two-factor sign-in on, once a code from the new authenticator is right: its recovery codes. */
export async function enable(ctx: CredentialContext, { code }: { code: string }) {
  const { id } = actingAdmin(ctx)
  const recoveryCodes = await auditedChange(ctx, twoFactorActions.enable, ownEntry(id), (tx) =>
    enableTwoFactor(tx, ctx.attempt, id, code, ctx.now()),
  )
  await ctx.attempt.succeeded()
  await announceSecondFactor(ctx, id)
  return recoveryCodes
}

/** A new set of recovery codes, the old ones no longer valid. */
export async function renewRecoveryCodes(ctx: CredentialContext, proof: Proof) {
  await confirmIdentity(ctx, proof, 'Recovery codes come with two-factor sign-in: turn it on first')
  const { id } = actingAdmin(ctx)
  return auditedChange(ctx, twoFactorActions.recoveryCodes, ownEntry(id), (tx) =>
    replaceRecoveryCodes(tx, id),
  )
}

/** Two-factor sign-in off, unless settings require it of the admin's role. */
export async function disable(
  ctx: CredentialContext,
  { role, ...proof }: Proof & { role: AdminRole },
): Promise<void> {
  const { id } = actingAdmin(ctx)
  const rules = await getSecuritySettings(ctx.db)
  if (rules.requireTwoFactorForSuperAdmins && role === 'super_admin') {
    // Refused before any check: the attempt the hook counted is given back.
    await ctx.attempt.withdrawn()
    throw forbidden('Business Settings require two-factor sign-in for super admins')
  }
  await confirmIdentity(ctx, proof, 'Two-factor sign-in is already off')
  await auditedChange(ctx, twoFactorActions.disable, ownEntry(id), (tx) =>
    disableTwoFactor(tx, id, ctx.now()),
  )
  await announceSecondFactor(ctx, id)
}
