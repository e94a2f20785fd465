import type { PaymentImportReport } from '@common/payment-imports'
import { CheckCircle2, CircleAlert, Download } from 'lucide-react'
import { Button } from '@/components/ui/button'

const count = (value: number) => value.toLocaleString('en-US')
const counted = (value: number, one: string, many: string) =>
  `${count(value)} ${value === 1 ? one : many}`

/**
 * The problems the answer lists (the first by line, at most a thousand) and a link to the CSV of
 * them all, which the server keeps a day for whoever sent the file.
 */
function ProblemList({ report }: { report: PaymentImportReport }) {
  const { problems, problemCount, problemsCsv } = report
  return (
    <div className="grid gap-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="flex items-center gap-1.5 font-medium text-destructive">
          <CircleAlert className="size-4 shrink-0" aria-hidden />
          {counted(problemCount, 'problem', 'problems')}: fix them in the file and check it again.
        </p>
        {problemsCsv && (
          <Button asChild variant="outline" size="sm">
            <a href={problemsCsv} download="import-problems.csv">
              <Download aria-hidden /> All problems (CSV)
            </a>
          </Button>
        )}
      </div>
      {problemCount > problems.length && (
        <p className="text-xs text-muted-foreground">
          Showing the first {count(problems.length)} of{' '}
          {counted(problemCount, 'problem', 'problems')}; the CSV has them all.
        </p>
      )}
      <div
        className="max-h-64 overflow-auto rounded-md border"
        tabIndex={0}
        role="region"
        aria-label="Problems by line"
      >
        <table className="w-full text-left">
          <caption className="sr-only">Problems by line of the file (the header is line 1)</caption>
          <thead className="sticky top-0 bg-background">
            <tr>
              <th scope="col" className="px-2 py-1">
                Line
              </th>
              <th scope="col" className="px-2 py-1">
                Problem
              </th>
            </tr>
          </thead>
          <tbody>
            {problems.map((problem, i) => (
              <tr key={i} className="border-t">
                <td className="px-2 py-1 align-top tabular-nums">{problem.line}</td>
                <td className="px-2 py-1">{problem.message}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  )
}

/** How a check or an import ended: what was (or would be) created, skipped, or stops it. */
export function ImportReport({ report }: { report: PaymentImportReport }) {
  const { payments, people } = report
  const created = report.isImported ? 'Created' : 'Would create'
  const isClean = report.problemCount === 0
  const title = report.isImported
    ? 'Imported'
    : !isClean
      ? report.dryRun
        ? 'Checked: the file has problems'
        : 'Not imported: the file has problems'
      : payments.new === 0
        ? 'Checked: nothing new to import'
        : 'Checked: ready to import'
  return (
    <div className="grid gap-3 text-sm" role="status">
      <p className="flex items-center gap-1.5 font-medium">
        {isClean && <CheckCircle2 className="size-4 shrink-0 text-success" aria-hidden />}
        {title}
      </p>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 tabular-nums">
        <dt className="text-muted-foreground">Rows in the file</dt>
        <dd>{count(report.rows)}</dd>
        <dt className="text-muted-foreground">{created}</dt>
        <dd>
          {counted(payments.new, 'payment', 'payments')}, for {count(people.new)} new and{' '}
          {counted(people.existing, 'existing person', 'existing people')}
        </dd>
        <dt className="text-muted-foreground">Skipped</dt>
        <dd>{counted(payments.alreadyImported, 'payment', 'payments')} imported before</dd>
      </dl>
      {report.isImported && payments.new === 0 && (
        <p>Nothing new: every payment in the file was imported before.</p>
      )}
      {!isClean && <ProblemList report={report} />}
    </div>
  )
}
