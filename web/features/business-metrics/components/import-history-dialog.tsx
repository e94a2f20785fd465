import type { PaymentImportReport } from '@common/payment-imports'
import { useQueryClient } from '@tanstack/react-query'
import { Upload } from 'lucide-react'
import { useRef, useState } from 'react'
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
import { useLiveSocketFrames } from '@/lib/live-socket-context'
import { randomUuid } from '@/lib/random-uuid'
import { importPaymentHistory } from '../api/import-payment-history'
import { furthest, type ImportStep } from '../import-steps'
import { ImportProgressBar } from './import-progress-bar'
import { ImportReport } from './import-report'

const columns =
  'email, firstName, lastName, plan, months, amount, currency, paidAt, method, reference'

/** The upload under way: a check or an import, and how far it is. */
type Run = { dryRun: boolean; progress: ImportStep }

/**
 * Financials: bring in people and their past payments from a CSV, checked first, then imported,
 * with the upload's progress and then the server's (on the live socket) as one bar.
 */
export function ImportHistoryDialog() {
  const queryClient = useQueryClient()
  const [file, setFile] = useState<File | null>(null)
  const [report, setReport] = useState<PaymentImportReport | null>(null)
  const [message, setMessage] = useState<string | null>(null)
  const [run, setRun] = useState<Run | null>(null)
  // The id the server's progress carries, read by the frame handler, which may run between a
  // run's start and its first render.
  const runId = useRef<string | null>(null)

  const advance = (step: ImportStep) =>
    setRun((current) => current && { ...current, progress: furthest(current.progress, step) })

  useLiveSocketFrames((frame) => {
    if (frame.type !== 'import:progress' || frame.progress.progressId !== runId.current) return
    const { phase, done, total } = frame.progress
    advance({ step: phase, done, total })
  })

  async function send(dryRun: boolean) {
    if (!file) return
    const progressId = randomUuid()
    runId.current = progressId
    setMessage(null)
    setReport(null)
    setRun({ dryRun, progress: { step: 'sending', done: 0, total: file.size } })
    try {
      const answer = await importPaymentHistory(file, { dryRun, progressId }, ({ sent, total }) =>
        advance({ step: 'sending', done: sent, total }),
      )
      setReport(answer.report)
      setMessage(answer.message)
      if (answer.report?.isImported && answer.report.payments.new > 0) {
        // The revenue cards ask again by themselves every few seconds; the metrics do not.
        void queryClient.invalidateQueries({ queryKey: ['subscription-metrics'] })
      }
    } catch (error) {
      setMessage((error as Error).message)
    } finally {
      runId.current = null
      setRun(null)
    }
  }

  const canImport = report?.dryRun && report.problemCount === 0 && report.payments.new > 0
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
            A CSV with the columns {columns}; line 1 names them. Check it first: every row&apos;s
            problem is listed by its line. The history itself e-mails nobody. A customer whose paid
            period runs on needs a line: the trial autopilot makes it, and e-mails its login, when
            it is on; otherwise Users &amp; Contacts lists them as &ldquo;Needs a line&rdquo;.
          </DialogDescription>
        </DialogHeader>
        <input
          type="file"
          accept=".csv,text/csv"
          aria-label="CSV file"
          className="max-w-full text-sm"
          disabled={!!run}
          onChange={(event) => {
            setFile(event.target.files?.[0] ?? null)
            setReport(null)
            setMessage(null)
          }}
        />
        {run && <ImportProgressBar step={run.progress} dryRun={run.dryRun} />}
        {message && (
          <p className="text-sm text-destructive" role="alert">
            {message}
          </p>
        )}
        {report && <ImportReport report={report} />}
        <DialogFooter>
          <Button variant="outline" disabled={!file || !!run} onClick={() => void send(true)}>
            Check file
          </Button>
          <Button disabled={!canImport || !!run} onClick={() => void send(false)}>
            Import
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  )
}
