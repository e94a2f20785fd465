import { describe, expect, it } from 'vitest'
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { loadConfig } from './config'

describe('loadConfig', () => {
  it('defaults to PGlite in ./data on port 3000', () => {
    const config = loadConfig({})
    expect(config.port).toBe(3000)
    expect(config.database).toEqual({ kind: 'pglite', dataDir: './data' })
    expect(config.bootstrapAdmin).toBeNull()
  })

  it('prefers DATABASE_URL over PGlite', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://u@h/db', DATA_DIR: '/x' })
    expect(config.database).toEqual({ kind: 'postgres', url: 'postgres://u@h/db' })
  })

  it.each([
    [{ PORT: 'abc' }, 'Invalid configuration: PORT must be a number'],
    [{ PORT: '70000' }, 'Invalid configuration: PORT must be between 0 and 65535'],
    [
      { DATABASE_URL: 'mysql://x' },
      'Invalid configuration: DATABASE_URL must start with postgres:// or postgresql://',
    ],
    [
      { ADMIN_USERNAME: 'boss' },
      'Invalid configuration: ADMIN_USERNAME and ADMIN_PASSWORD must be set together',
    ],
    [
      { ADMIN_USERNAME: 'boss', ADMIN_PASSWORD: 'short' },
      'Invalid configuration: ADMIN_PASSWORD: Password must be at least 12 characters',
    ],
    [
      { ADMIN_USERNAME: 'boss', ADMIN_PASSWORD: 'password1234' },
      'Invalid configuration: ADMIN_PASSWORD: This password is too common. Choose one that is hard to guess.',
    ],
    [
      { TRUST_PROXY: 'yes' },
      'Invalid configuration: TRUST_PROXY must be false, a number of proxy hops (1 = one reverse proxy), or a comma-separated list of proxy addresses or CIDR ranges',
    ],
    [
      { PUBLIC_URL: 'example.com' },
      'Invalid configuration: PUBLIC_URL must be an absolute URL, e.g. https://example.com',
    ],
    [
      { LOG_LEVEL: 'loud' },
      'Invalid configuration: LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent',
    ],
    [
      { SMTP_URL: 'mail.example.com:587', MAIL_FROM: 'hello@example.com' },
      'Invalid configuration: SMTP_URL must look like smtp://user:password@host:587',
    ],
    [
      { SMTP_URL: 'smtp://mailer:s3cret@mail.example.com:587' },
      'Invalid configuration: SMTP_URL and MAIL_FROM must be set together',
    ],
    [
      { SMTP_URL: 'smtp://mailer:s3cret@mail.example.com:587', MAIL_FROM: 'not an address' },
      'Invalid configuration: MAIL_FROM must be an address, e.g. StreamLine <hello@example.com>',
    ],
    [
      { MAX_CONNECTIONS_PER_IP: '-1' },
      'Invalid configuration: MAX_CONNECTIONS_PER_IP must be 0 (no cap) or more',
    ],
    [
      { TELEGRAM_BOT_TOKEN: 'not-a-token' },
      'Invalid configuration: TELEGRAM_BOT_TOKEN must be the token BotFather gave, like 123456789:AAE…',
    ],
    [
      {
        TELEGRAM_BOT_TOKEN: '123456789:AAFakeTokenForTestsOnly_abcdefghijkl',
        TELEGRAM_UPDATES: 'push',
      },
      'Invalid configuration: TELEGRAM_UPDATES must be polling or webhook',
    ],
    [
      {
        TELEGRAM_BOT_TOKEN: '123456789:AAFakeTokenForTestsOnly_abcdefghijkl',
        TELEGRAM_UPDATES: 'webhook',
      },
      'Invalid configuration: TELEGRAM_UPDATES=webhook needs PUBLIC_URL, where Telegram sends the updates',
    ],
  ])('refuses %o with one clear line', (env, message) => {
    expect(() => loadConfig(env)).toThrow(message)
  })

  it('turns e-mail on with SMTP_URL and MAIL_FROM, and off without them', () => {
    expect(loadConfig({}).smtp).toBeNull()
    const smtp = {
      url: 'smtps://mailer:s3cret@mail.example.com:465',
      from: 'Shop <hi@example.com>',
    }
    expect(loadConfig({ SMTP_URL: smtp.url, MAIL_FROM: smtp.from }).smtp).toEqual(smtp)
    // A refused setting is named, never repeated: the URL holds a password.
    expect(() => loadConfig({ SMTP_URL: 'smtp://mailer:s3cret@mail.example.com' })).toThrow(
      /^(?!.*s3cret)/,
    )
  })

  it('turns Telegram on with a bot token, polling api.telegram.org by default', () => {
    expect(loadConfig({}).telegram).toBeNull()
    const token = '123456789:AAFakeTokenForTestsOnly_abcdefghijkl'
    expect(loadConfig({ TELEGRAM_BOT_TOKEN: token }).telegram).toEqual({
      botToken: token,
      apiBase: 'https://api.telegram.org',
      updates: 'polling',
    })
  })

  it('never repeats a malformed bot token in its message', () => {
    const almost = '123456789:short-secret'
    expect(() => loadConfig({ TELEGRAM_BOT_TOKEN: almost })).toThrow(
      expect.objectContaining({ message: expect.not.stringContaining('short-secret') }),
    )
  })

  it('writes backups into BACKUP_DIR, made when missing, keeping 14 unless BACKUP_KEEP says', () => {
    const root = mkdtempSync(join(tmpdir(), 'backups-'))
    const dir = join(root, 'daily')
    expect(loadConfig({}).backups).toBeNull()
    expect(loadConfig({ BACKUP_DIR: dir }).backups).toEqual({ dir, keep: 14 })
    expect(statSync(dir).isDirectory()).toBe(true)
    expect(loadConfig({ BACKUP_DIR: dir, BACKUP_KEEP: '3' }).backups).toEqual({ dir, keep: 3 })
    rmSync(root, { recursive: true })
  })

  it.each([
    [{ BACKUP_KEEP: '0' }, 'Invalid configuration: BACKUP_KEEP must be 1 or more'],
    [{ BACKUP_KEEP: 'many' }, 'Invalid configuration: BACKUP_KEEP must be a number'],
    [{ BACKUP_KEEP: '2.5' }, 'Invalid configuration: BACKUP_KEEP must be a whole number'],
  ])('stops on a wrong BACKUP_KEEP: %o', (env, message) => {
    expect(() => loadConfig(env)).toThrow(message)
  })

  it('stops when BACKUP_DIR cannot be a folder, naming it', () => {
    const root = mkdtempSync(join(tmpdir(), 'backups-'))
    const file = join(root, 'a-file')
    writeFileSync(file, '')
    expect(() => loadConfig({ BACKUP_DIR: file })).toThrow(
      `Invalid configuration: BACKUP_DIR ${file} is not a writable folder`,
    )
    rmSync(root, { recursive: true })
  })
})
