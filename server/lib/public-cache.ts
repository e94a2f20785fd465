import { createHash } from 'node:crypto'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { compressedCopies, preferredEncoding, type Encoding } from './encodings'

/** A public answer as it goes on the wire, serialized, hashed and compressed once. */
export type Answer = {
  status: number
  type: string
  body: Buffer
  /** Strong: the same bytes whatever the encoding they travel in. */
  etag: string
  headers: Record<string, string>
  encoded: Partial<Record<Encoding, Buffer>>
}

/** Makes an answer of a serialized body: its ETag and compressed copies are computed here. */
export async function createAnswer(
  text: string,
  type: string,
  { status = 200, headers = {} }: { status?: number; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const body = Buffer.from(text)
  const etag = `"${createHash('sha1').update(body).digest('base64url')}"`
  return { status, type, body, etag, headers, encoded: await compressedCopies(body) }
}

export const jsonAnswer = (value: unknown, headers?: Record<string, string>) =>
  createAnswer(JSON.stringify(value), 'application/json; charset=utf-8', { headers })

function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false
  if (ifNoneMatch.trim() === '*') return true
  // Weak comparison, as RFC 9110 asks for If-None-Match.
  return ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)
}

/** Sends an answer: 304 when the client holds it, else its bytes in the best accepted encoding. */
export function sendAnswer(request: FastifyRequest, reply: FastifyReply, answer: Answer) {
  reply.headers(answer.headers).header('etag', answer.etag).header('vary', 'accept-encoding')
  if (matchesEtag(request.headers['if-none-match'], answer.etag)) return reply.code(304).send()
  const encoding = preferredEncoding(request.headers['accept-encoding'])
  const encoded = encoding ? answer.encoded[encoding] : undefined
  if (encoded) reply.header('content-encoding', encoding)
  return reply
    .code(answer.status)
    .type(answer.type)
    .send(encoded ?? answer.body)
}

export type PublicCache = {
  /**
   * Sends the answer kept for `key`, loading it first when missing. Only 200s are kept;
   * concurrent misses share one load, and a load that fails is forgotten.
   */
  send(
    request: FastifyRequest,
    reply: FastifyReply,
    key: string,
    load: () => Promise<Answer>,
  ): Promise<FastifyReply>
  /** Forgets every answer, including loads still running: they may have read the old data. */
  clear(): void
}

/** Answers kept in this process's memory, at most `maxEntries` (the least recently used go). */
export function createPublicCache(maxEntries: number, isEnabled: () => boolean): PublicCache {
  const entries = new Map<string, Promise<Answer>>()

  function answerFor(key: string, load: () => Promise<Answer>): Promise<Answer> {
    const kept = entries.get(key)
    if (kept) {
      entries.delete(key)
      entries.set(key, kept)
      return kept
    }
    const forget = () => {
      if (entries.get(key) === pending) entries.delete(key)
    }
    const pending = load().then(
      (answer) => {
        if (answer.status !== 200) forget()
        return answer
      },
      (error: unknown) => {
        forget()
        throw error
      },
    )
    entries.set(key, pending)
    if (entries.size > maxEntries) entries.delete(entries.keys().next().value!)
    return pending
  }

  return {
    async send(request, reply, key, load) {
      // Without a live bus a change elsewhere could go unnoticed: read through instead.
      const answer = await (isEnabled() ? answerFor(key, load) : load())
      return sendAnswer(request, reply, answer)
    },
    clear: () => entries.clear(),
  }
}
