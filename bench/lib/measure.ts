/** Latency percentiles of `runs` sequential calls after `warmup` unmeasured ones. */
export async function measure(run: () => Promise<unknown>, { runs = 200, warmup = 20 } = {}) {
  for (let i = 0; i < warmup; i++) await run()
  const samples: number[] = []
  for (let i = 0; i < runs; i++) {
    const start = performance.now()
    await run()
    samples.push(performance.now() - start)
  }
  return percentiles(samples)
}

/** p50, p95 and p99 of latency samples (sorts them in place). */
export function percentiles(samples: number[]) {
  samples.sort((a, b) => a - b)
  const at = (p: number) =>
    samples[Math.min(samples.length - 1, Math.floor((p / 100) * samples.length))]!
  return { p50: at(50), p95: at(95), p99: at(99) }
}

export const ms = (value: number) => `${value.toFixed(1)} ms`

/** Prints rows as an aligned table. */
export function printTable(header: string[], rows: string[][]): void {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)))
  const line = (cells: string[]) => cells.map((cell, i) => cell.padEnd(widths[i]!)).join('  ')
  console.log(line(header))
  console.log(widths.map((w) => '-'.repeat(w)).join('  '))
  for (const row of rows) console.log(line(row))
}
