import { z } from 'zod'
import { manualMethods } from './payments'

/** The columns a payment history file must have, in any order (docs/payments.md §10). */
export const paymentImportColumns = [
  'email',
  'firstName',
  'lastName',
  'plan',
  'months',
  'amount',
  'currency',
  'paidAt',
  'method',
  'reference',
] as const

export const paymentImportQuery = z.object({
  dryRun: z
    .enum(['true', 'false'], { error: 'dryRun must be true or false' })
    .transform((v) => v === 'true'),
  /** Chosen by the page: the server's progress reaches the caller's live sockets under it. */
  progressId: z.uuid({ error: 'progressId must be a UUID' }).optional(),
})

/** The download of every problem of an upload, by the id its report names. */
export const paymentImportProblemsParams = z.object({
  reportId: z.uuid({ error: 'reportId must be a UUID' }),
})

/** What the server does with a file, in order: reads its rows, checks them, writes them. */
export const paymentImportPhases = ['reading', 'checking', 'writing'] as const
export type PaymentImportPhase = (typeof paymentImportPhases)[number]

/**
 * How far the server is with an upload: rows read of the file's rows, rows checked against the
 * database, payments written of those to write. Sent on the live socket as `import:progress`.
 */
export type PaymentImportProgress = {
  progressId: string
  phase: PaymentImportPhase
  done: number
  total: number
}

// A spreadsheet leaves an optional cell empty: empty is absent.
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional())

/** One row of the file as written, every cell a string. */
export const paymentImportRow = z.object({
  email: z.email({ error: 'email must be an e-mail address' }).max(254, 'email is too long'),
  firstName: z.string().min(1, 'firstName is required').max(100, 'firstName is too long'),
  lastName: z.string().min(1, 'lastName is required').max(100, 'lastName is too long'),
  plan: z.string().min(1, 'plan is required').max(100, 'plan is too long'),
  months: z
    .string()
    .regex(/^(?:[1-9]|1[0-2])$/, 'months must be a whole number from 1 to 12')
    .transform(Number),
  amount: z
    .string()
    .regex(/^\d{1,8}(?:\.\d{1,2})?$/, 'amount must be a positive amount such as 29.99')
    .refine((value) => Number(value) > 0, 'amount must be more than 0'),
  currency: z
    .string()
    .regex(/^[A-Za-z]{3}$/, 'currency must be a three-letter code such as EUR')
    .transform((value) => value.toUpperCase()),
  paidAt: z
    .union([z.iso.datetime({ offset: true }), z.iso.date()], {
      error: 'paidAt must be a date (2025-03-31) or a date and time (2025-03-31T14:00:00Z)',
    })
    .transform((value) => new Date(value)),
  method: optional(
    z.enum(manualMethods, { error: `method must be one of ${manualMethods.join(', ')}` }),
  ),
  reference: optional(z.string().max(200, 'reference is too long')),
})
export type PaymentImportRow = z.output<typeof paymentImportRow>

/** A row's problem, by its line in the file (the header is line 1). */
export const paymentImportProblem = z.object({
  line: z.number().int(),
  /** The column at fault; null for the row as a whole. */
  field: z.string().nullable(),
  message: z.string(),
})
export type PaymentImportProblem = z.infer<typeof paymentImportProblem>

/** A payment the import creates (or would), with the paid period it makes. */
export const paymentImportItem = z.object({
  line: z.number().int(),
  email: z.string(),
  isNewPerson: z.boolean(),
  plan: z.string(),
  months: z.number().int(),
  amount: z.string(),
  currency: z.string(),
  paidAt: z.iso.datetime(),
  periodStart: z.iso.datetime(),
  periodEnd: z.iso.datetime(),
})
export type PaymentImportItem = z.infer<typeof paymentImportItem>

/** How many created payments the report lists; the counts cover them all. */
export const paymentImportListLimit = 200

/** How many problems the report lists, the first by line; the CSV has them all. */
export const paymentImportProblemLimit = 1000

export const paymentImportReport = z.object({
  dryRun: z.boolean(),
  /** The payments were written (never on a dry run, nor when any row has a problem). */
  isImported: z.boolean(),
  rows: z.number().int(),
  people: z.object({ new: z.number().int(), existing: z.number().int() }),
  payments: z.object({
    new: z.number().int(),
    /** Rows matching a payment recorded before, by (email, paidAt, amount, reference). */
    alreadyImported: z.number().int(),
  }),
  /** The first paymentImportProblemLimit problems, by line. */
  problems: z.array(paymentImportProblem),
  /** Every problem, listed or not. */
  problemCount: z.number().int(),
  /** Where the admin who sent the file downloads every problem as a CSV, for a day; null: none. */
  problemsCsv: z.string().nullable(),
  /** The first paymentImportListLimit payments created, in file order. */
  created: z.array(paymentImportItem),
})
export type PaymentImportReport = z.infer<typeof paymentImportReport>
