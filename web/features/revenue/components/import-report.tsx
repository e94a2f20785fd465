import type { PaymentImportProblem, PaymentImportReport } from '@common/payment-imports'
import { CheckCircle2, CircleAlert, Download } from 'lucide-react'
import { Button } from '@/components/ui/button'

// A file of fifty thousand bad rows lists its first problems here; the download has them all.
const shownProblems = 200

const count = (value: number) => value.toLocaleString('en-US')
const counted = (value: number, one: string, many: string) =>
  `${count(value)} ${value === 1 ? one : many}`

/** Every problem as a CSV the owner can sort beside their file. */
function problemsCsv(problems: PaymentImportProblem[]): string {
  const quote = (text: string) => `"${text.replaceAll('"', '""')}"`
  const lines = problems.map((p) => [p.line, quote(p.field ?? ''), quote(p.message)].join(','))
  return ['line,field,problem', ...lines].join('\n')
}

/** Saves the problems as a file, made when asked for and let go once handed over. */
function downloadProblems(problems: PaymentImportProblem[]) {
  const url = URL.createObjectURL(new Blob([problemsCsv(problems)], { type: 'text/csv' }))
  const link = Object.assign(document.createElement('a'), {
    href: url,
    download: 'import-problems.csv',
  })
  link.click()
  setTimeout(() => URL.revokeObjectURL(url))
}

function ProblemList({ problems }: { problems: PaymentImportProblem[] }) {
  return (
    <div className="grid gap-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="flex items-center gap-1.5 font-medium text-destructive">
          <CircleAlert className="size-4 shrink-0" aria-hidden />
          {counted(problems.length, 'problem', 'problems')}: fix them in the file and check it
          again.
        </p>
        <Button variant="outline" size="sm" onClick={() => downloadProblems(problems)}>
          <Download aria-hidden /> All problems (CSV)
        </Button>
      </div>
      <div className="max-h-64 overflow-auto rounded-md border">
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
            {problems.slice(0, shownProblems).map((problem, i) => (
              <tr key={i} className="border-t">
                <td className="px-2 py-1 align-top tabular-nums">{problem.line}</td>
                <td className="px-2 py-1">{problem.message}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {problems.length > shownProblems && (
        <p className="text-xs text-muted-foreground">
          The first {shownProblems} are listed; the download has all {count(problems.length)}.
        </p>
      )}
    </div>
  )
}

/** How a check or an import ended: what was (or would be) created, skipped, or stops it. */
export function ImportReport({ report }: { report: PaymentImportReport }) {
  const { payments, people } = report
  const created = report.isImported ? 'Created' : 'Would create'
  const isClean = report.problems.length === 0
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
      {!isClean && <ProblemList problems={report.problems} />}
    </div>
  )
}
