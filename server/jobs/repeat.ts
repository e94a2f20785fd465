/**
 * Runs `run` now and every `intervalMs`, skipping a beat while the previous run is still going:
 * a round held up (a slow panel or mail server) is not overlapped by the next, which would claim
 * more work every beat and call the panel many times at once. A failed run is reported; the next
 * beat tries again. Answers the function that stops the beats, which resolves once the round
 * still running, if any, has ended: what it needs (the database) may be closed after that.
 */
export function repeatWithoutOverlap(
  run: () => Promise<unknown>,
  intervalMs: number,
  onError: (error: unknown) => void,
): () => Promise<void> {
  let running: Promise<void> | null = null
  const beat = () => {
    running ??= run()
      .then(() => undefined, onError)
      .finally(() => (running = null))
  }
  beat()
  const timer = setInterval(beat, intervalMs)
  timer.unref()
  return async () => {
    clearInterval(timer)
    await running
  }
}
