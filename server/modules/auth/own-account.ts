/**
 * The route config of a staff member's own account (session, password, two-factor set-up): every
 * role reaches it, and a super admin whom settings require to set up two-factor sign-in too.
 */
export const ownAccount = { role: 'support', beforeTwoFactorSetup: true } as const
