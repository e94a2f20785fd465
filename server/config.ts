import { z } from 'zod'
import { defaultSiteConfig } from '../common/site-config'

const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional())

const url = (name: string) =>
  z.url({ error: `${name} must be an absolute URL, e.g. https://example.com` })

const environment = z
  .object({
    PORT: z.coerce
      .number({ error: 'PORT must be a number' })
      .int('PORT must be a whole number')
      .min(0, 'PORT must be between 0 and 65535')
      .max(65535, 'PORT must be between 0 and 65535')
      .default(3000),
    HOST: z.string().min(1).default('0.0.0.0'),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: optional(
      z
        .string()
        .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres:// or postgresql://'),
    ),
    ADMIN_USERNAME: optional(z.string().min(3, 'ADMIN_USERNAME must be at least 3 characters')),
    ADMIN_PASSWORD: optional(z.string().min(8, 'ADMIN_PASSWORD must be at least 8 characters')),
    PUBLIC_URL: optional(url('PUBLIC_URL')),
    SUPPORT_EMAIL: z
      .email({ error: 'SUPPORT_EMAIL must be an e-mail address' })
      .default(defaultSiteConfig.supportEmail),
    BRAND_NAME: z.string().min(1).max(60).default(defaultSiteConfig.brandName),
    SPORTS_API_BASE: url('SPORTS_API_BASE').default('https://www.thesportsdb.com/api/v1/json/3'),
    SUPPLIER_API_URL: optional(url('SUPPLIER_API_URL')),
    SUPPLIER_TIMEOUT_MS: z.coerce
      .number({ error: 'SUPPLIER_TIMEOUT_MS must be a number' })
      .int()
      .min(100, 'SUPPLIER_TIMEOUT_MS must be at least 100')
      .default(15_000),
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
        error: 'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent',
      })
      .default('info'),
    TRUST_PROXY: z
      .enum(['true', 'false'], { error: 'TRUST_PROXY must be true or false' })
      .default('false'),
  })
  .refine((env) => (env.ADMIN_USERNAME === undefined) === (env.ADMIN_PASSWORD === undefined), {
    message: 'ADMIN_USERNAME and ADMIN_PASSWORD must be set together',
  })

export type DatabaseConfig =
  | { kind: 'postgres'; url: string }
  /** `dataDir` is a directory, or `memory://` for a throwaway database. */
  | { kind: 'pglite'; dataDir: string }

export type Config = {
  port: number
  host: string
  database: DatabaseConfig
  bootstrapAdmin: { username: string; password: string } | null
  publicUrl: string | null
  supportEmail: string
  brandName: string
  sportsApiBase: string
  supplierApiUrl: string | null
  supplierTimeoutMs: number
  logLevel: string
  trustProxy: boolean
}

export class ConfigError extends Error {}

/** Parses the environment once; throws ConfigError with one readable line when it is wrong. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = environment.safeParse(env)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    throw new ConfigError(`Invalid configuration: ${issue?.message ?? 'unknown problem'}`)
  }
  const e = parsed.data
  return {
    port: e.PORT,
    host: e.HOST,
    database: e.DATABASE_URL
      ? { kind: 'postgres', url: e.DATABASE_URL }
      : { kind: 'pglite', dataDir: e.DATA_DIR },
    bootstrapAdmin:
      e.ADMIN_USERNAME && e.ADMIN_PASSWORD
        ? { username: e.ADMIN_USERNAME, password: e.ADMIN_PASSWORD }
        : null,
    publicUrl: e.PUBLIC_URL?.replace(/\/$/, '') ?? null,
    supportEmail: e.SUPPORT_EMAIL,
    brandName: e.BRAND_NAME,
    sportsApiBase: e.SPORTS_API_BASE.replace(/\/$/, ''),
    supplierApiUrl: e.SUPPLIER_API_URL ?? null,
    supplierTimeoutMs: e.SUPPLIER_TIMEOUT_MS,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY === 'true',
  }
}
