import { createHash } from 'node:crypto'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { IncomingHttpHeaders } from 'node:http'
import { compressedCopies, preferredEncoding, smallestBrotli, type Encoding } from './encodings'

/** One way an answer goes out, built once: header objects cost more to copy than to send. */
export type AnswerForm = { status: number; headers: Record<string, string>; body: Buffer | null }

/** A public answer as it goes on the wire, serialized, hashed and compressed once. */
export type Answer = {
  status: number
  body: Buffer
  /** Strong: the same bytes whatever the encoding they travel in. */
  etag: string
  /** Plain, in each encoding worth it, and the 304 for a client that holds it. */
  forms: { identity: AnswerForm; notModified: AnswerForm } & Partial<Record<Encoding, AnswerForm>>
}

/** Makes an answer of a serialized body: its ETag and compressed copies are computed here. */
export async function createAnswer(
  text: string,
  type: string,
  { status = 200, headers = {} }: { status?: number; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const body = Buffer.from(text)
  const etag = `"${createHash('sha1').update(body).digest('base64url')}"`
  const base = { ...headers, etag, vary: 'accept-encoding' }
  const form = (content: Buffer, encoding?: Encoding): AnswerForm => ({
    status,
    headers: {
      ...base,
      'content-type': type,
      ...(encoding ? { 'content-encoding': encoding } : {}),
      'content-length': String(content.length),
    },
    body: content,
  })
  const { br, gzip } = await compressedCopies(body)
  return {
    status,
    body,
    etag,
    forms: {
      identity: form(body),
      notModified: { status: 304, headers: base, body: null },
      ...(br ? { br: form(br, 'br') } : {}),
      ...(gzip ? { gzip: form(gzip, 'gzip') } : {}),
    },
  }
}

const recompressed = new WeakSet<Answer>()

/**
 * Swaps a kept answer's brotli copy for the smallest one once that is made: the quick copy let
 * the first visitor have it at once, and a kept answer goes out many times. A failure leaves
 * the quick copy, which is as correct.
 */
async function recompressKept(answer: Answer): Promise<void> {
  const quick = answer.forms.br
  if (!quick?.body || recompressed.has(answer)) return
  recompressed.add(answer)
  const smallest = await smallestBrotli(answer.body).catch(() => null)
  if (!smallest || smallest.length >= quick.body.length) return
  const headers = { ...quick.headers, 'content-length': String(smallest.length) }
  answer.forms.br = { ...quick, headers, body: smallest }
}

export const jsonAnswer = (value: unknown, headers?: Record<string, string>) =>
  createAnswer(JSON.stringify(value), 'application/json; charset=utf-8', { headers })

function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false
  if (ifNoneMatch.trim() === '*') return true
  // Weak comparison, as RFC 9110 asks for If-None-Match.
  return ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)
}

/** What goes out for an answer: 304 when the client holds it, else the best accepted encoding. */
export function outgoing(answer: Answer, request: IncomingHttpHeaders): AnswerForm {
  if (matchesEtag(request['if-none-match'], answer.etag)) return answer.forms.notModified
  const encoding = preferredEncoding(request['accept-encoding'])
  return (encoding && answer.forms[encoding]) || answer.forms.identity
}

export function sendAnswer(request: FastifyRequest, reply: FastifyReply, answer: Answer) {
  const { status, headers, body } = outgoing(answer, request.headers)
  return reply
    .code(status)
    .headers(headers)
    .send(body ?? undefined)
}

type Entry<Scope> = {
  scopes: readonly Scope[]
  pending: Promise<Answer>
  /** Once loaded. */
  answer: Answer | null
  expiresAt: number
  bytes: number
}

export type KeepOptions<Scope> = {
  /** What the answer shows: a change to any of them forgets it. */
  scopes: readonly Scope[]
  /** For answers that age by themselves rather than by an admin's change. */
  maxAgeMs?: number
}

/**
 * Public answers in memory by the key of what was asked, within a count and a size (the least
 * recently used go first: the keys come from visitors). Only 200s are kept.
 */
export function createAnswerStore<Scope>(
  limits: { maxEntries: number; maxBytes: number },
  now: () => Date,
) {
  const entries = new Map<string, Entry<Scope>>()
  let bytes = 0

  function remove(key: string, entry: Entry<Scope>) {
    if (entries.get(key) !== entry) return
    entries.delete(key)
    bytes -= entry.bytes
  }

  function fresh(key: string): Entry<Scope> | undefined {
    const entry = entries.get(key)
    if (!entry) return undefined
    if (entry.expiresAt <= now().getTime()) {
      remove(key, entry)
      return undefined
    }
    entries.delete(key)
    entries.set(key, entry)
    return entry
  }

  function keep(key: string, entry: Entry<Scope>, answer: Answer) {
    if (entries.get(key) !== entry) return
    if (answer.status !== 200) return remove(key, entry)
    entry.answer = answer
    void recompressKept(answer)
    // Counted with the quick brotli copy, which its smallest one only shrinks.
    const { br, gzip } = answer.forms
    entry.bytes = answer.body.length + (br?.body?.length ?? 0) + (gzip?.body?.length ?? 0)
    bytes += entry.bytes
    for (const [oldKey, old] of entries) {
      if (entries.size <= limits.maxEntries && bytes <= limits.maxBytes) break
      remove(oldKey, old)
    }
  }

  return {
    /** The answer kept for `key`, if it is loaded: no waiting, no promise. */
    peek: (key: string): Answer | null => fresh(key)?.answer ?? null,

    /** The answer for `key`, loaded once however many ask at the same time. */
    answer(
      key: string,
      { scopes, maxAgeMs = Infinity }: KeepOptions<Scope>,
      load: () => Promise<Answer>,
    ) {
      const kept = fresh(key)
      if (kept) return kept.pending
      const entry: Entry<Scope> = {
        scopes,
        pending: load(),
        answer: null,
        expiresAt: now().getTime() + maxAgeMs,
        bytes: 0,
      }
      entries.set(key, entry)
      entry.pending.then(
        (answer) => keep(key, entry, answer),
        () => remove(key, entry),
      )
      return entry.pending
    },

    /** Forgets the answers showing `scope` (every answer for `null`), loads still running too. */
    forget(scope: Scope | null) {
      for (const [key, entry] of entries) {
        if (scope === null || entry.scopes.includes(scope)) remove(key, entry)
      }
    },
  }
}
