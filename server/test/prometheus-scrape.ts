import { rawRequest } from './raw-request'

/** The METRICS_TOKEN a test server is given, and the header a scraper sends with it. */
export const metricsToken = 'scrape-token-for-tests-0123456789'
export const withMetricsToken = { headers: { authorization: `Bearer ${metricsToken}` } }

/** GET /metrics as Prometheus scrapes it: the exposition text. */
export async function scrape(baseUrl: string): Promise<string> {
  const answer = await rawRequest(baseUrl, 'GET', '/metrics', withMetricsToken)
  if (answer.status !== 200) throw new Error(`GET /metrics answered ${answer.status}`)
  return answer.text
}

/** The value of one sample line written out whole, e.g. `streamline_outbox_unsent_messages`. */
export function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `))
  return line === undefined ? undefined : Number(line.slice(series.length + 1))
}

const sampleLine = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/
const labelPair = /(\w+)="((?:[^"\\]|\\.)*)"/g

/**
 * The value of the series `name` with exactly these labels, whatever order they are written in;
 * 0 when there is none yet (a counter or histogram not yet touched for those labels).
 */
export function seriesValue(text: string, name: string, labels: Record<string, string>): number {
  const wanted = Object.entries(labels).sort(([a], [b]) => a.localeCompare(b))
  for (const line of text.split('\n')) {
    const match = sampleLine.exec(line)
    if (!match || match[1] !== name) continue
    const found = [...(match[2] ?? '').matchAll(labelPair)]
      .map(([, key, value]) => [key!, value!] as const)
      .sort(([a], [b]) => a.localeCompare(b))
    if (JSON.stringify(found) === JSON.stringify(wanted)) return Number(match[3])
  }
  return 0
}
