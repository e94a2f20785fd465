import { and, eq, lt, or, type SQL } from 'drizzle-orm'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'
import { badRequest } from './http-error'

/** Where the previous page ended, in newest-first (createdAt, id) order. */
type Cursor = { createdAt: string; id: string }

function decodeCursor(text: string): Cursor {
  try {
    const value = JSON.parse(Buffer.from(text, 'base64url').toString()) as Cursor
    if (
      typeof value.createdAt === 'string' &&
      typeof value.id === 'string' &&
      !Number.isNaN(Date.parse(value.createdAt))
    ) {
      return value
    }
  } catch {
    // fall through to the 400 below
  }
  throw badRequest('cursor is not valid')
}

type Columns = { createdAt: AnyPgColumn; id: AnyPgColumn }

/** Rows after `position` in newest-first (createdAt, id) order. */
export function olderThan(columns: Columns, position: { createdAt: Date; id: string }): SQL {
  return or(
    lt(columns.createdAt, position.createdAt),
    and(eq(columns.createdAt, position.createdAt), lt(columns.id, position.id)),
  )!
}

type Page<T> = { rows: T[]; nextCursor: string | null }

/**
 * Keyset pagination, newest first: a page costs the same however deep it is, unlike OFFSET.
 * `after` filters to rows past the cursor; `page` trims the extra row fetched to learn whether
 * another page follows. `columns.createdAt` may be any time column (published posts page by
 * publication date); `page` then reads it from a row with `timeOf`.
 */
export function keyset(columns: Columns, cursorText: string | undefined, limit: number) {
  const cursor = cursorText ? decodeCursor(cursorText) : null
  const after = cursor
    ? olderThan(columns, { createdAt: new Date(cursor.createdAt), id: cursor.id })
    : undefined

  function page<T extends { createdAt: Date; id: string }>(rows: T[]): Page<T>
  function page<T extends { id: string }>(rows: T[], timeOf: (row: T) => Date): Page<T>
  function page(
    rows: { id: string; createdAt?: Date }[],
    timeOf = (row: { createdAt?: Date }) => row.createdAt!,
  ): Page<{ id: string }> {
    const pageRows = rows.slice(0, limit)
    const last = pageRows.at(-1)
    const nextCursor =
      rows.length > limit && last
        ? Buffer.from(
            JSON.stringify({ createdAt: timeOf(last).toISOString(), id: last.id }),
          ).toString('base64url')
        : null
    return { rows: pageRows, nextCursor }
  }

  return { after, fetchSize: limit + 1, page }
}

/** Sets the pagination headers of the README's list convention. */
export function setPageHeaders(
  reply: { header(name: string, value: string | number): unknown },
  page: { nextCursor: string | null; total?: number },
) {
  if (page.total !== undefined) reply.header('x-total-count', page.total)
  if (page.nextCursor) reply.header('x-next-cursor', page.nextCursor)
}
