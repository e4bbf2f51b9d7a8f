/** Gives back one request's slot; calling it again does nothing, so every way a request ends may call it. */
export type Release = () => void

/**
 * The requests one service is working on for the gateway, up to `max`. Past it a request is refused at
 * once: one that waits seconds in line helps no shopper and holds memory and sockets on both sides.
 */
export function inFlightLimit(max: number) {
  let taken = 0
  return {
    /** A slot for one request, or undefined when all `max` are taken. */
    take(): Release | undefined {
      if (taken >= max) return undefined
      taken++
      let released = false
      return () => {
        if (released) return
        released = true
        taken--
      }
    },
    get taken() {
      return taken
    },
  }
}

/**
 * Counts refusals and reports them at most once per `intervalMs`, with how many there were since the last
 * report: a line per refused request would flood the log just when the gateway is busiest.
 */
export function refusalReporter(intervalMs: number, report: (refused: number) => void, now = Date.now) {
  let refused = 0
  let reportedAt = Number.NEGATIVE_INFINITY
  return () => {
    refused++
    const at = now()
    if (at - reportedAt < intervalMs) return
    reportedAt = at
    report(refused)
    refused = 0
  }
}
