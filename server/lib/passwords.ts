import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto'
import PQueue from 'p-queue'
import { HttpError } from './http-error'

/** scrypt's cost parameters; each hash records the ones it was made with. */
export type ScryptCost = { N: number; r: number; p: number }

/**
 * OWASP's scrypt parameters, what the product hashes with: N=2^17, r=8, p=1. It needs 128 MiB,
 * above Node's 32 MiB default.
 */
export const owaspCost: ScryptCost = { N: 2 ** 17, r: 8, p: 1 }
const maxmem = 256 * 1024 * 1024
const keyLength = 32

// Each hash takes ~128 MiB and a libuv thread for a few hundred ms. Two at a time leaves threads
// for file and DNS work; a short waiting line means a burst is refused at once (503) instead of
// making every later sign-in wait behind it.
const hashing = new PQueue({ concurrency: 2 })
const maxWaiting = 16

export const hashingBusy = () =>
  new HttpError(503, 'Too many sign-in attempts at once. Try again in a few seconds.', {
    'retry-after': '5',
  })

function queued<T>(work: () => Promise<T>): Promise<T> {
  if (hashing.size >= maxWaiting) return Promise.reject(hashingBusy())
  return hashing.add(work) as Promise<T>
}

function derive(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  // The callback form runs on libuv's thread pool, keeping the event loop free.
  return queued(
    () =>
      new Promise<Buffer>((resolve, reject) =>
        scrypt(password.normalize('NFKC'), salt, keyLength, options, (error, key) =>
          error ? reject(error) : resolve(key),
        ),
      ),
  )
}

/** `scrypt$N$r$p$salt$hash`, so parameters can be raised later without breaking old hashes. */
export async function hashPassword(password: string, cost = owaspCost): Promise<string> {
  const salt = randomBytes(16)
  const { N, r, p } = cost
  const key = await derive(password, salt, { N, r, p, maxmem })
  return ['scrypt', N, r, p, salt.toString('base64'), key.toString('base64')].join('$')
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$')
  if (scheme !== 'scrypt' || !salt || !hash) return false
  const expected = Buffer.from(hash, 'base64')
  const key = await derive(password, Buffer.from(salt, 'base64'), {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem,
  })
  return key.length === expected.length && timingSafeEqual(key, expected)
}

// Checked when the username is unknown, so a wrong username costs as long as a wrong password:
// one per cost, made once, at the cost new hashes are made at.
const decoyHashes = new Map<string, Promise<string>>()
export function getDecoyHash(cost = owaspCost): Promise<string> {
  const key = `${cost.N}$${cost.r}$${cost.p}`
  let decoy = decoyHashes.get(key)
  if (!decoy) {
    decoy = hashPassword(randomBytes(16).toString('hex'), cost)
    decoyHashes.set(key, decoy)
  }
  return decoy
}
