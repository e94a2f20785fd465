import { accessSync, constants, mkdirSync } from 'node:fs'
import { resolve } from 'node:path'
import { z } from 'zod'
import { defaultSiteConfig } from '../common/site-config'
import { parseTrustProxy, type TrustProxy } from './lib/trust-proxy'
import { passwordProblem } from './lib/password-policy'

const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional())

const url = (name: string) =>
  z.url({ error: `${name} must be an absolute URL, e.g. https://example.com` })

const allOrNone = (...values: unknown[]) =>
  values.every((value) => value === undefined) || values.every((value) => value !== undefined)

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
    ADMIN_PASSWORD: optional(
      z.string().superRefine((password, context) => {
        const problem = passwordProblem(password)
        if (problem) context.addIssue({ code: 'custom', message: `ADMIN_PASSWORD: ${problem}` })
      }),
    ),
    PUBLIC_URL: optional(url('PUBLIC_URL')),
    SUPPORT_EMAIL: z
      .email({ error: 'SUPPORT_EMAIL must be an e-mail address' })
      .default(defaultSiteConfig.supportEmail),
    BRAND_NAME: z.string().min(1).max(60).default(defaultSiteConfig.brandName),
    SPORTS_API_BASE: url('SPORTS_API_BASE').default('https://www.thesportsdb.com/api/v1/json/3'),
    SUPPLIER_API_URL: optional(url('SUPPLIER_API_URL')),
    SUPPLIER_API_KEY: optional(z.string().trim().max(500, 'SUPPLIER_API_KEY is too long')),
    LINE_PASSWORD_SECRET: optional(
      z.string().min(32, 'LINE_PASSWORD_SECRET must be at least 32 characters'),
    ),
    SUPPLIER_TIMEOUT_MS: z.coerce
      .number({ error: 'SUPPLIER_TIMEOUT_MS must be a number' })
      .int()
      .min(100, 'SUPPLIER_TIMEOUT_MS must be at least 100')
      .default(15_000),
    // The supplier's panel takes at most 5 requests a second from bulk work (compensation days).
    SUPPLIER_REQUESTS_PER_SECOND: z.coerce
      .number({ error: 'SUPPLIER_REQUESTS_PER_SECOND must be a number' })
      .positive('SUPPLIER_REQUESTS_PER_SECOND must be more than 0')
      .default(5),
    MAX_CONNECTIONS_PER_IP: z.coerce
      .number({ error: 'MAX_CONNECTIONS_PER_IP must be a number' })
      .int('MAX_CONNECTIONS_PER_IP must be a whole number')
      .min(0, 'MAX_CONNECTIONS_PER_IP must be 0 (no cap) or more')
      // Browsers hold up to six connections each, and an office shares one address.
      .default(256),
    WS_MAX_SOCKETS_PER_IP: z.coerce
      .number({ error: 'WS_MAX_SOCKETS_PER_IP must be a number' })
      .int('WS_MAX_SOCKETS_PER_IP must be a whole number')
      .min(0, 'WS_MAX_SOCKETS_PER_IP must be 0 (no cap) or more')
      .default(20),
    // A secret: Prometheus sends it as a bearer token; unset, GET /metrics does not exist.
    METRICS_TOKEN: optional(
      z.string().min(16, 'METRICS_TOKEN must be at least 16 characters').max(500),
    ),
    // The password inside is a secret: messages about it never echo the value.
    SMTP_URL: optional(
      z
        .string()
        .regex(/^smtps?:\/\/[^/?#]+/, 'SMTP_URL must look like smtp://user:password@host:587'),
    ),
    MAIL_FROM: optional(
      z
        .string()
        .trim()
        .max(300, 'MAIL_FROM is too long')
        .regex(
          /^(?:[^<>\r\n]*<[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+>|[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+)$/,
          'MAIL_FROM must be an address, e.g. StreamLine <hello@example.com>',
        ),
    ),
    TELEGRAM_BOT_TOKEN: optional(
      // BotFather's form, `123456789:AA…`; the message never repeats the value (a secret).
      z.string().regex(/^\d{1,20}:[A-Za-z0-9_-]{20,100}$/, {
        error: 'TELEGRAM_BOT_TOKEN must be the token BotFather gave, like 123456789:AAE…',
      }),
    ),
    TELEGRAM_API_BASE: url('TELEGRAM_API_BASE').default('https://api.telegram.org'),
    TELEGRAM_UPDATES: z
      .enum(['polling', 'webhook'], { error: 'TELEGRAM_UPDATES must be polling or webhook' })
      .default('polling'),
    // Payment providers: each is off until all of its settings are given. Keys are secrets.
    STRIPE_SECRET_KEY: optional(
      z.string().regex(/^(sk|rk)_(test|live)_\w{4,}$/, {
        error: 'STRIPE_SECRET_KEY must be a secret or restricted key (sk_live_…, sk_test_…)',
      }),
    ),
    STRIPE_WEBHOOK_SECRET: optional(
      z.string().regex(/^whsec_\w{4,}$/, {
        error: 'STRIPE_WEBHOOK_SECRET must be the endpoint signing secret (whsec_…)',
      }),
    ),
    STRIPE_API_BASE: url('STRIPE_API_BASE')
      .refine((value) => /^https?:/.test(value), 'STRIPE_API_BASE must be an http(s) URL')
      .default('https://api.stripe.com'),
    BTCPAY_URL: optional(url('BTCPAY_URL')),
    BTCPAY_API_KEY: optional(z.string().trim().min(1).max(500, 'BTCPAY_API_KEY is too long')),
    BTCPAY_STORE_ID: optional(
      z.string().regex(/^[A-Za-z0-9_-]{1,100}$/, 'BTCPAY_STORE_ID must be the store id'),
    ),
    BTCPAY_WEBHOOK_SECRET: optional(
      z.string().min(1).max(500, 'BTCPAY_WEBHOOK_SECRET is too long'),
    ),
    PAYMENT_TIMEOUT_MS: z.coerce
      .number({ error: 'PAYMENT_TIMEOUT_MS must be a number' })
      .int()
      .min(100, 'PAYMENT_TIMEOUT_MS must be at least 100')
      .default(20_000),
    // Unset, no backup file is written (the download stays).
    BACKUP_DIR: optional(z.string().trim().min(1)),
    BACKUP_KEEP: z.coerce
      .number({ error: 'BACKUP_KEEP must be a number' })
      .int('BACKUP_KEEP must be a whole number')
      .min(1, 'BACKUP_KEEP must be 1 or more')
      .max(10_000, 'BACKUP_KEEP must be at most 10000')
      .default(14),
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
        error: 'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent',
      })
      .default('info'),
    TRUST_PROXY: z
      .string()
      .optional()
      .transform((raw, context) => {
        const parsed = parseTrustProxy(raw)
        if ('error' in parsed) {
          context.addIssue({ code: 'custom', message: parsed.error })
          return z.NEVER
        }
        return parsed
      }),
  })
  .refine((env) => (env.ADMIN_USERNAME === undefined) === (env.ADMIN_PASSWORD === undefined), {
    message: 'ADMIN_USERNAME and ADMIN_PASSWORD must be set together',
  })
  .refine(
    (env) => !env.TELEGRAM_BOT_TOKEN || env.TELEGRAM_UPDATES !== 'webhook' || env.PUBLIC_URL,
    { message: 'TELEGRAM_UPDATES=webhook needs PUBLIC_URL, where Telegram sends the updates' },
  )
  .refine((env) => (env.SMTP_URL === undefined) === (env.MAIL_FROM === undefined), {
    message: 'SMTP_URL and MAIL_FROM must be set together',
  })
  .refine((env) => allOrNone(env.STRIPE_SECRET_KEY, env.STRIPE_WEBHOOK_SECRET), {
    message: 'STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET must be set together',
  })
  .refine(
    (env) =>
      allOrNone(env.BTCPAY_URL, env.BTCPAY_API_KEY, env.BTCPAY_STORE_ID, env.BTCPAY_WEBHOOK_SECRET),
    {
      message: 'BTCPAY_URL, BTCPAY_API_KEY, BTCPAY_STORE_ID and BTCPAY_WEBHOOK_SECRET go together',
    },
  )

/** Every variable the server reads (deploy/streamline.env.example lists each). */
export const environmentVariables = Object.keys(environment.shape)

export type DatabaseConfig =
  | { kind: 'postgres'; url: string }
  /** `dataDir` is a directory, or `memory://` for a throwaway database. */
  | { kind: 'pglite'; dataDir: string }

/** Telegram's Bot API; null when TELEGRAM_BOT_TOKEN is unset (Telegram is off). */
export type TelegramConfig = {
  /** A secret: it sits in every Bot API path, so URLs of calls are never logged. */
  botToken: string
  apiBase: string
  updates: 'polling' | 'webhook'
} | null

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
  /** Bulk work's pace with the panel (compensation days): at most this many requests a second. */
  supplierRequestsPerSecond: number
  /** The panel key for work no admin types one for (and the M3U form left empty). Never shown. */
  supplierApiKey: string | null
  /** Line passwords are derived with it; unset, one is generated and kept in the database. */
  linePasswordSecret: string | null
  /** Concurrent TCP connections from one direct peer address; 0 means no cap. */
  maxConnectionsPerIp: number
  /** Live sockets (/ws) one client address may hold at once in one process; 0 means no cap. */
  wsMaxSocketsPerIp: number
  /** E-mail to customers; null (SMTP_URL unset) means e-mail is off. The URL holds a password. */
  smtp: { url: string; from: string } | null
  telegram: TelegramConfig
  /** Checkout providers; each null (off) unless all its settings are given. All hold secrets. */
  payments: {
    stripe: { secretKey: string; webhookSecret: string; apiBase: string } | null
    btcpay: { url: string; apiKey: string; storeId: string; webhookSecret: string } | null
    timeoutMs: number
  }
  /** Where the daily backup files go, the last `keep` kept; null: none is written. */
  backups: { dir: string; keep: number } | null
  logLevel: string
  /** The bearer token GET /metrics asks for; null: metrics are off (404). A secret. */
  metricsToken: string | null
  trustProxy: TrustProxy
  /** Settings that work but deserve a word at start-up. */
  warnings: string[]
}

export class ConfigError extends Error {}

/** BACKUP_DIR as an absolute path, made when missing; start-up stops when it cannot be written. */
function backupDirectory(dir: string): string {
  const absolute = resolve(dir)
  try {
    mkdirSync(absolute, { recursive: true })
    accessSync(absolute, constants.W_OK)
  } catch {
    throw new ConfigError(`Invalid configuration: BACKUP_DIR ${absolute} is not a writable folder`)
  }
  return absolute
}

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
    supplierRequestsPerSecond: e.SUPPLIER_REQUESTS_PER_SECOND,
    supplierApiKey: e.SUPPLIER_API_KEY || null,
    linePasswordSecret: e.LINE_PASSWORD_SECRET ?? null,
    maxConnectionsPerIp: e.MAX_CONNECTIONS_PER_IP,
    wsMaxSocketsPerIp: e.WS_MAX_SOCKETS_PER_IP,
    smtp: e.SMTP_URL && e.MAIL_FROM ? { url: e.SMTP_URL, from: e.MAIL_FROM } : null,
    telegram: e.TELEGRAM_BOT_TOKEN
      ? {
          botToken: e.TELEGRAM_BOT_TOKEN,
          apiBase: e.TELEGRAM_API_BASE.replace(/\/$/, ''),
          updates: e.TELEGRAM_UPDATES,
        }
      : null,
    payments: {
      stripe:
        e.STRIPE_SECRET_KEY && e.STRIPE_WEBHOOK_SECRET
          ? {
              secretKey: e.STRIPE_SECRET_KEY,
              webhookSecret: e.STRIPE_WEBHOOK_SECRET,
              apiBase: e.STRIPE_API_BASE.replace(/\/$/, ''),
            }
          : null,
      btcpay:
        e.BTCPAY_URL && e.BTCPAY_API_KEY && e.BTCPAY_STORE_ID && e.BTCPAY_WEBHOOK_SECRET
          ? {
              url: e.BTCPAY_URL.replace(/\/$/, ''),
              apiKey: e.BTCPAY_API_KEY,
              storeId: e.BTCPAY_STORE_ID,
              webhookSecret: e.BTCPAY_WEBHOOK_SECRET,
            }
          : null,
      timeoutMs: e.PAYMENT_TIMEOUT_MS,
    },
    backups: e.BACKUP_DIR ? { dir: backupDirectory(e.BACKUP_DIR), keep: e.BACKUP_KEEP } : null,
    logLevel: e.LOG_LEVEL,
    metricsToken: e.METRICS_TOKEN ?? null,
    trustProxy: e.TRUST_PROXY.value,
    warnings: e.TRUST_PROXY.warning ? [e.TRUST_PROXY.warning] : [],
  }
}
