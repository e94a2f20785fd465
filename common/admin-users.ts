import { z } from 'zod'

export const adminRoles = ['admin', 'super_admin'] as const
export type AdminRole = (typeof adminRoles)[number]

export const adminUser = z.object({
  id: z.uuid(),
  username: z.string(),
  role: z.enum(adminRoles),
  active: z.boolean(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
  lastLoginAt: z.iso.datetime().nullable(),
})
export type AdminUser = z.infer<typeof adminUser>

const username = z
  .string({ error: 'Username is required' })
  .trim()
  .min(3, 'Username must be at least 3 characters')
  .max(64, 'Username must be at most 64 characters')
  .regex(/^[\w.@-]+$/, 'Username may only contain letters, digits and . _ @ -')

const password = z
  .string({ error: 'Password is required' })
  .min(8, 'Password must be at least 8 characters')
  .max(256, 'Password must be at most 256 characters')

export const createAdminUserInput = z.object({
  username,
  password,
  role: z.enum(adminRoles, { error: 'Role must be admin or super_admin' }).default('admin'),
})
export type CreateAdminUserInput = z.input<typeof createAdminUserInput>
export type CreateAdminUser = z.output<typeof createAdminUserInput>

export const adminLoginInput = z.object({
  username: z.string({ error: 'Username is required' }).trim().min(1, 'Username is required'),
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required'),
})
export type AdminLoginInput = z.infer<typeof adminLoginInput>

export const adminSession = z.object({ user: adminUser })
export type AdminSession = z.infer<typeof adminSession>
