import { formatCents } from '../../../common/money'
import { paymentImportListLimit, type PaymentImportReport } from '../../../common/payment-imports'
import type { ReadFile } from './payment-history-csv'
import type { ImportPlan } from './payment-history-plan'
import type { ProblemLog } from './problem-log'

/**
 * What an import did, or a dry run would do: counts, the first problems by line with how many
 * there are and where to download them all, the first payments.
 */
export function paymentHistoryReport(
  read: ReadFile,
  plan: ImportPlan,
  problems: ProblemLog,
  { dryRun, isImported }: { dryRun: boolean; isImported: boolean },
): PaymentImportReport {
  const planned = plan.people.flatMap((person) =>
    person.payments.map((payment) => ({ person, payment })),
  )
  const created = planned
    .sort((a, b) => a.payment.row.line - b.payment.row.line)
    .slice(0, paymentImportListLimit)
    .map(({ person, payment }) => ({
      line: payment.row.line,
      email: payment.row.email,
      isNewPerson: person.isNew,
      plan: payment.planName,
      months: payment.row.months,
      amount: formatCents(payment.amountMinor),
      currency: payment.row.currency,
      paidAt: payment.row.paidAt.toISOString(),
      periodStart: payment.periodStart.toISOString(),
      periodEnd: payment.newEnd.toISOString(),
    }))
  const newPeople = plan.people.filter((person) => person.isNew).length
  return {
    dryRun,
    isImported,
    rows: read.rowCount,
    people: { new: newPeople, existing: plan.people.length - newPeople },
    payments: { new: planned.length, alreadyImported: plan.alreadyImported },
    problems: problems.firstProblems(),
    problemCount: problems.count,
    problemsCsv: problems.csvPath(),
    created,
  }
}
