import type { ReactNode } from 'react'
import { ListEmpty } from '@/components/list-states'
import {
  Table,
  TableBody,
  TableCaption,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table'

type RecordTableProps<T> = {
  /** Read by screen readers only: what the table lists. */
  caption: string
  /** The headings; a last column, named for screen readers only, holds each row's actions. */
  columns: readonly string[]
  records: readonly T[]
  /** Said instead of the table when there is nothing to list. */
  empty: string
  /** One row (a TableRow, keyed) for a record; on phones a card (see Table's `isCardsOnPhone`). */
  children: (record: T) => ReactNode
}

/** A table of records with a row of actions each (a card each on phones), or the empty state. */
export function RecordTable<T>({
  caption,
  columns,
  records,
  empty,
  children,
}: RecordTableProps<T>) {
  if (records.length === 0) return <ListEmpty>{empty}</ListEmpty>
  return (
    <Table isCardsOnPhone>
      <TableCaption className="sr-only">{caption}</TableCaption>
      <TableHeader>
        <TableRow>
          {columns.map((column) => (
            <TableHead key={column}>{column}</TableHead>
          ))}
          <TableHead className="text-right">
            <span className="sr-only">Actions</span>
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>{records.map(children)}</TableBody>
    </Table>
  )
}
