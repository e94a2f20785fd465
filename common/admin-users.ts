import { z } from 'zod'

/**
 * Staff roles, least to most trusted: `support` answers customers (inbox, tickets, people's
 * contacts and lines), `admin` runs the business, `super_admin` also manages staff and security.
 */
export const adminRoles = ['support', 'admin', 'super_admin'] as const
export type AdminRole = (typeof adminRoles)[number]

/** Whether `role` reaches what `needed` may reach: each role has everything of those before it. */
export const hasRole = (role: AdminRole, needed: AdminRole) =>
  adminRoles.indexOf(role) >= adminRoles.indexOf(needed)

const roleInput = z.enum(adminRoles, { error: 'Role must be support, admin or super_admin' })

export const adminUser = z.object({
  id: z.uuid(),
  username: z.string(),
  role: z.enum(adminRoles),
  active: z.boolean(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
  lastLoginAt: z.iso.datetime().nullable(),
  twoFactorEnabled: z.boolean(),
})
export type AdminUser = z.infer<typeof adminUser>

/**
 * A new account's username. ASCII only: a name in other letters could look like another admin's
 * (a Cyrillic `а` for `a`) in lists and the audit trail. Sign-in accepts any spelling that folds
 * to the same name (the server's `usernameKey`).
 */
export const newUsername = z
  .string({ error: 'Username is required' })
  .trim()
  .min(3, 'Username must be at least 3 characters')
  .max(64, 'Username must be at most 64 characters')
  .regex(
    /^[A-Za-z0-9._@-]+$/,
    'Username may only contain the letters a to z, digits and . _ @ - (no spaces or accents)',
  )

/** A new password; the server also refuses common ones (a list too large to ship to browsers). */
export const newPassword = z
  .string({ error: 'Password is required' })
  .min(12, 'Password must be at least 12 characters')
  .max(256, 'Password must be at most 256 characters')

export const createAdminUserInput = z.object({
  username: newUsername,
  password: newPassword,
  role: roleInput.default('admin'),
})
export type CreateAdminUserInput = z.input<typeof createAdminUserInput>
export type CreateAdminUser = z.output<typeof createAdminUserInput>

/** PATCH /api/admin/users/{id} (super_admin): the account's new role, from its next request. */
export const changeAdminRoleInput = z.object({ role: roleInput })
export type ChangeAdminRoleInput = z.infer<typeof changeAdminRoleInput>

const currentPassword = z
  .string({ error: 'Password is required' })
  .min(1, 'Password is required')
  .max(256, 'Password must be at most 256 characters')

/** A 6-digit code from an authenticator app, or a recovery code (dashes and spaces ignored). */
export const twoFactorCode = z
  .string({ error: 'Enter the code from your authenticator app' })
  .trim()
  .min(1, 'Enter the code from your authenticator app')
  .max(32, 'That code is not valid')

export const adminLoginInput = z.object({
  username: z
    .string({ error: 'Username is required' })
    .trim()
    .min(1, 'Username is required')
    .max(64, 'Username must be at most 64 characters'),
  password: currentPassword,
  /** Only for accounts with two-factor sign-in; asked for after the password is accepted. */
  code: twoFactorCode.optional(),
})
export type AdminLoginInput = z.input<typeof adminLoginInput>

/** The 401 answer to a right password on an account that needs its second factor. */
export const twoFactorChallenge = z.object({
  message: z.string(),
  twoFactorRequired: z.literal(true),
})

export const adminSession = z.object({
  user: adminUser,
  /** Settings require this super admin to turn on two-factor sign-in before anything else. */
  mustSetUpTwoFactor: z.boolean(),
  /** Signed in with a one-time code: a new password comes before anything else. */
  mustSetPassword: z.boolean(),
})
export type AdminSession = z.infer<typeof adminSession>

export const changePasswordInput = z.object({
  currentPassword,
  newPassword,
})
export type ChangePasswordInput = z.infer<typeof changePasswordInput>

/** POST /api/admin/new-password: the password of a session opened with a one-time code. */
export const newPasswordInput = z.object({ newPassword })
export type NewPasswordInput = z.infer<typeof newPasswordInput>

/** PUT /api/admin/users/{id}/password (super_admin): another staff account's new password. */
export const setAdminPasswordInput = z.object({ password: newPassword })
export type SetAdminPasswordInput = z.infer<typeof setAdminPasswordInput>

/** Sensitive account changes ask for the password again. */
export const confirmPasswordInput = z.object({ password: currentPassword })
export type ConfirmPasswordInput = z.infer<typeof confirmPasswordInput>

/**
 * Changes to a second factor that is on (turning it off, new recovery codes) ask for the password
 * and a current code from the app or a recovery code: a stolen password alone must not do them.
 */
export const confirmIdentityInput = z.object({ password: currentPassword, code: twoFactorCode })
export type ConfirmIdentityInput = z.infer<typeof confirmIdentityInput>

/**
 * Starting a setup asks for the password; while a second factor is on (replacing the
 * authenticator, say for a new phone) a current code or a recovery code as well.
 */
export const startTwoFactorSetupInput = z.object({
  password: currentPassword,
  code: twoFactorCode.optional(),
})
export type StartTwoFactorSetupInput = z.infer<typeof startTwoFactorSetupInput>

export const twoFactorSetup = z.object({
  /** Base32, for typing into an app that cannot scan. */
  secret: z.string(),
  otpauthUrl: z.string(),
  /** The otpauth URL as an SVG QR code. */
  qrCodeSvg: z.string(),
})
export type TwoFactorSetup = z.infer<typeof twoFactorSetup>

/** The first code from a newly set-up app, which proves the app holds the secret. */
const setupCode = z
  .string({ error: 'Enter the 6-digit code from your authenticator app' })
  .trim()
  .regex(/^\d{6}$/, 'Enter the 6-digit code from your authenticator app')

export const enableTwoFactorInput = z.object({ code: setupCode })
export type EnableTwoFactorInput = z.infer<typeof enableTwoFactorInput>

export const recoveryCodes = z.object({ recoveryCodes: z.array(z.string()) })

/**
 * The fields whose values the server checks against an account's password or second factor. A
 * route whose body holds one must be declared `checksCredentials` (the server refuses to start
 * otherwise), so its guesses count against the sign-in limits.
 */
export const credentialFields: ReadonlySet<z.ZodType> = new Set<z.ZodType>([
  currentPassword,
  twoFactorCode,
  setupCode,
])
export type RecoveryCodes = z.infer<typeof recoveryCodes>
