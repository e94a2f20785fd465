/** A request that did not get its expected answer: the status, or the network's error. */
export type FailedRequest = {
  path: string
  at: number
  status?: number
  /** The answer's first characters, or the network's error. */
  error?: string
}

/** Requests whose outcomes are kept: every answer read to its end, every failure recorded. */
export function requestRecorder(baseUrl: string) {
  const failures: FailedRequest[] = []
  let answered = 0
  const inFlight = new Set<Promise<unknown>>()

  /** GET `path`; its body, or null after recording a failure (never throws). */
  async function get(path: string, headers: Record<string, string> = {}): Promise<string | null> {
    const at = Date.now()
    const request = fetch(new URL(path, baseUrl), { headers }).then(
      async (response) => {
        const body = await response.text()
        if (response.status === 200) {
          answered += 1
          return body
        }
        failures.push({ path, at, status: response.status, error: body.slice(0, 200) })
        return null
      },
      (error: unknown) => {
        failures.push({ path, at, error: String(error) })
        return null
      },
    )
    inFlight.add(request)
    void request.finally(() => inFlight.delete(request))
    return request
  }

  return {
    get,
    failures,
    answered: () => answered,
    /** Resolves once every request sent so far has its outcome. */
    settled: async () => {
      while (inFlight.size) await Promise.all(inFlight)
    },
  }
}

/**
 * Sends `perSecond` GETs through `get`, paced by the clock (not by the answers, so a slow server
 * does not slow the load), each to the next of `paths()`, until stopped.
 */
export function steadyLoad(
  get: (path: string) => Promise<unknown>,
  perSecond: number,
  nextPath: () => string,
) {
  const startedAt = Date.now()
  let sent = 0
  const timer = setInterval(() => {
    const due = Math.floor(((Date.now() - startedAt) * perSecond) / 1000)
    for (; sent < due; sent++) void get(nextPath())
  }, 20)
  return {
    /** Stops sending; resolves with how many were sent and over how long. */
    stop: () => {
      clearInterval(timer)
      return { sent, seconds: (Date.now() - startedAt) / 1000 }
    },
  }
}
