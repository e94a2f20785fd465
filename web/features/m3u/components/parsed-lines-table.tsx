import type { ParsedM3uUrl } from '@common/m3u'
import {
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table'

/** The logins read from the parsed URLs. */
export function ParsedLinesTable({ lines }: { lines: ParsedM3uUrl[] }) {
  return (
    <Table>
      <TableCaption className="mt-2 text-left">
        {lines.length === 1 ? '1 line parsed' : `${lines.length} lines parsed`}
      </TableCaption>
      <TableHeader>
        <TableRow>
          <TableHead>Host</TableHead>
          <TableHead>Username</TableHead>
          <TableHead>Password</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {lines.map((line, index) => (
          <TableRow key={index}>
            <TableCell className="font-mono text-xs">{line.host}</TableCell>
            <TableCell className="font-mono text-xs">{line.username}</TableCell>
            <TableCell className="font-mono text-xs">{line.password}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  )
}
