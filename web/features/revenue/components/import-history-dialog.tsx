import type { PaymentImportReport } from '@common/payment-imports'
import { Upload } from 'lucide-react'
import { useState } from 'react'
import { Button } from '@/components/ui/button'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog'
import { importPaymentHistory, type ImportProgress } from '../api/import-payment-history'

const columns =
  'email, firstName, lastName, plan, months, amount, currency, paidAt, method, reference'

function ProgressLine({ progress }: { progress: ImportProgress }) {
  if (progress.isProcessing)
    return <p className="text-sm">File sent; the server is working on it…</p>
  const share = progress.total > 0 ? Math.round((progress.sent / progress.total) * 100) : 0
  return (
    <div className="grid gap-1">
      <progress className="w-full" max={100} value={share} aria-label="Upload" />
      <p className="text-muted-foreground text-xs">Sending the file: {share}%</p>
    </div>
  )
}

function ReportView({ report }: { report: PaymentImportReport }) {
  const verb = report.isImported ? 'Imported' : 'Would import'
  return (
    <div className="grid gap-3 text-sm">
      <p>
        {report.rows} rows. {verb} {report.payments.new} payments for {report.people.new} new and{' '}
        {report.people.existing} existing people; {report.payments.alreadyImported} imported before.
      </p>
      {report.isImported && report.payments.new === 0 && (
        <p>Nothing new: every payment in the file was imported before.</p>
      )}
      {report.problems.length > 0 && (
        <div className="max-h-64 overflow-auto">
          <p className="text-destructive font-medium">
            {report.problems.length} problems: fix them in the file and check it again.
          </p>
          <table className="w-full text-left">
            <thead>
              <tr>
                <th className="pr-2">Line</th>
                <th>Problem</th>
              </tr>
            </thead>
            <tbody>
              {report.problems.map((problem, i) => (
                <tr key={i}>
                  <td className="pr-2 align-top tabular-nums">{problem.line}</td>
                  <td>{problem.message}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  )
}

/** Financials: bring in people and their past payments from a CSV, checked first, then imported. */
export function ImportHistoryDialog() {
  const [file, setFile] = useState<File | null>(null)
  const [report, setReport] = useState<PaymentImportReport | null>(null)
  const [message, setMessage] = useState<string | null>(null)
  const [progress, setProgress] = useState<ImportProgress | null>(null)

  async function send(dryRun: boolean) {
    if (!file) return
    setMessage(null)
    setProgress({ sent: 0, total: file.size, isProcessing: false })
    try {
      const answer = await importPaymentHistory(file, dryRun, setProgress)
      setReport(answer.report)
      setMessage(answer.message)
    } catch (error) {
      setMessage((error as Error).message)
    } finally {
      setProgress(null)
    }
  }

  const canImport = report?.dryRun && report.problems.length === 0 && report.payments.new > 0
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button variant="outline">
          <Upload aria-hidden /> Import history
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Import payment history</DialogTitle>
          <DialogDescription>
            A CSV with the columns {columns}; line 1 names them. Nothing is sent to the panel and
            nobody is e-mailed. Only super admins can import.
          </DialogDescription>
        </DialogHeader>
        <input
          type="file"
          accept=".csv,text/csv"
          aria-label="CSV file"
          onChange={(event) => {
            setFile(event.target.files?.[0] ?? null)
            setReport(null)
            setMessage(null)
          }}
        />
        {progress && <ProgressLine progress={progress} />}
        {message && <p className="text-destructive text-sm">{message}</p>}
        {report && <ReportView report={report} />}
        <DialogFooter>
          <Button variant="outline" disabled={!file || !!progress} onClick={() => void send(true)}>
            Check file
          </Button>
          <Button disabled={!canImport || !!progress} onClick={() => void send(false)}>
            Import
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  )
}
