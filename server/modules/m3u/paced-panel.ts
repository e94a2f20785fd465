import type { SupplierPanel } from './panel'

/**
 * `panel` with its calls made one at a time, each starting 1/`perSecond` of a second after the
 * previous one ended: its requests then reach the panel at least that far apart, whatever the
 * network's delays, so work through it never sends more than `perSecond` in any second. For work
 * of one request per call (a line's get, edit, enable, disable, the credits); a listing of many
 * pages is paced as one call, and bulk work does not list.
 */
export function pacedPanel(panel: SupplierPanel, perSecond: number): SupplierPanel {
  const gapMs = 1000 / perSecond
  let nextStart = 0
  let previous: Promise<unknown> = Promise.resolve()
  const paced =
    <A extends unknown[], R>(call: (...args: A) => Promise<R>) =>
    (...args: A): Promise<R> => {
      const result = previous.then(async () => {
        const wait = nextStart - performance.now()
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait))
        try {
          return await call(...args)
        } finally {
          nextStart = performance.now() + gapMs
        }
      })
      previous = result.catch(() => undefined)
      return result
    }
  return {
    createLine: paced(panel.createLine.bind(panel)),
    editLine: paced(panel.editLine.bind(panel)),
    getLine: paced(panel.getLine.bind(panel)),
    listLines: paced(panel.listLines.bind(panel)),
    findLineByUsername: paced(panel.findLineByUsername.bind(panel)),
    enableLine: paced(panel.enableLine.bind(panel)),
    disableLine: paced(panel.disableLine.bind(panel)),
    credits: paced(panel.credits.bind(panel)),
    liveConnections: paced(panel.liveConnections.bind(panel)),
    activityLogs: paced(panel.activityLogs.bind(panel)),
    playlistUrl: (username, password) => panel.playlistUrl(username, password),
  }
}
