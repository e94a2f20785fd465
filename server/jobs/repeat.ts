/**
 * Runs `run` now and every `intervalMs`, skipping a beat while the previous run is still going:
 * a round held up (a slow panel or mail server) is not overlapped by the next, which would claim
 * more work every beat and call the panel many times at once. A failed run is reported; the next
 * beat tries again. Answers the function that stops the beats.
 */
export function repeatWithoutOverlap(
  run: () => Promise<unknown>,
  intervalMs: number,
  onError: (error: unknown) => void,
): () => void {
  let isRunning = false
  const beat = () => {
    if (isRunning) return
    isRunning = true
    run()
      .catch(onError)
      .finally(() => (isRunning = false))
  }
  beat()
  const timer = setInterval(beat, intervalMs)
  timer.unref()
  return () => clearInterval(timer)
}
