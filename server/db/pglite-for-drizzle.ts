import { types, type PGlite, type QueryOptions, type Transaction } from '@electric-sql/pglite'

/**
 * The types drizzle reads as PostgreSQL's own text: it hands PGlite these parsers, each giving
 * back its input, with every query (`PglitePreparedQuery.queryConfig`).
 */
export const drizzleTextTypes: readonly number[] = [
  types.TIMESTAMP,
  types.TIMESTAMPTZ,
  types.INTERVAL,
  types.DATE,
  1231, // numeric[]
  1115, // timestamp[]
  1185, // timestamptz[]
  1187, // interval[]
  1182, // date[]
]
const isDrizzleTextType: Record<string, true> = Object.fromEntries(
  drizzleTextTypes.map((oid) => [oid, true]),
)

type Query = Transaction['query']

/** The options without drizzle's parsers when those are all it adds: the client has them. */
function withoutDrizzleParsers(options: QueryOptions | undefined): QueryOptions | undefined {
  if (!options?.parsers) return options
  for (const oid in options.parsers) if (!isDrizzleTextType[oid]) return options
  const { parsers: _installed, ...rest } = options
  return rest
}

const keepingParsers =
  (query: Query): Query =>
  (text, params, options) =>
    query(text, params, withoutDrizzleParsers(options))

/**
 * The client as drizzle should see it. PGlite merges a query's own parsers into a copy of its
 * whole table for every query (`{ ...this.parsers, ...options.parsers }`); the table is keyed by
 * type OIDs reaching past 16,000, so each copy was a sparse array of about 150 KB and 90 µs of
 * CPU, and the young-generation collections it caused showed in chat delivery's p99. Drizzle's
 * parsers are installed on the client once instead and left out of each query.
 *
 * Drizzle calls nothing but `query` and `transaction`, and `query` of a transaction.
 */
export function pgliteForDrizzle(client: PGlite): PGlite {
  for (const oid of drizzleTextTypes) client.parsers[oid] = (value: string) => value
  const adapter: Pick<PGlite, 'query' | 'transaction'> = {
    query: keepingParsers(client.query.bind(client)),
    transaction: (callback) =>
      client.transaction((tx) => callback({ query: keepingParsers(tx.query) } as Transaction)),
  }
  return adapter as PGlite
}
