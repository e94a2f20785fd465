import {
  paymentImportProblemLimit,
  type PaymentImportProblem,
} from '../../../common/payment-imports'

/**
 * A batch of a file's problems as the reading thread sends them: their count, the first of the
 * file as objects (only these may be listed in the answer), and every one as three PostgreSQL
 * array literals, one a column. A few strings a batch, not an object a problem: on the main
 * thread nothing of them lives long enough to reach V8's old generation (decision 0040).
 */
export type ProblemBatch = {
  count: number
  first: PaymentImportProblem[]
  lines: string
  fields: string
  messages: string
}

const quoted = (text: string | null) =>
  text === null ? 'NULL' : `"${text.replaceAll(/["\\]/g, (character) => `\\${character}`)}"`

/** `problems`, the next of a file after `countBefore` of them, as one batch. */
export function problemBatch(problems: PaymentImportProblem[], countBefore: number): ProblemBatch {
  return {
    count: problems.length,
    first: problems.slice(0, Math.max(0, paymentImportProblemLimit - countBefore)),
    lines: `{${problems.map((problem) => problem.line).join(',')}}`,
    fields: `{${problems.map((problem) => quoted(problem.field)).join(',')}}`,
    messages: `{${problems.map((problem) => quoted(problem.message)).join(',')}}`,
  }
}
