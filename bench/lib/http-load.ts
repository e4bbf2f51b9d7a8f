/**
 * A small, cheap HTTP/1.1 load generator for comparing two paths to the same answer (a service directly
 * and through the gateway): keep-alive raw sockets, one GET at a time per connection, answers framed by
 * Content-Length or chunked encoding. It spends ~20 µs of CPU per request, a fifth of node's http client,
 * so that on a 2-core machine the cores go to the servers being compared.
 *
 * Two shapes of load, because they answer different questions:
 * - closedLoop: every connection sends its next request when the last is answered. With enough
 *   connections it finds a path's capacity (its throughput); with few it is latency-bound (Little's law:
 *   requests/s = connections ÷ latency), so a path with one more hop serves less even with cores to spare.
 * - fixedRate: requests leave on a schedule whatever the answers do (open loop), and each latency counts
 *   from when its request was due, not when a free connection sent it, so a slow path cannot hide its
 *   queueing (coordinated omission). This is "at moderate load".
 */
import net from 'node:net'

export type LoadResult = {
  requests: number
  seconds: number
  /** Sorted ascending, ms. */
  latenciesMs: Float64Array
  /** Answers other than 200, and connection errors. */
  errors: number
}

export const percentile = (sorted: Float64Array, p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0
export const requestsPerSecond = (r: LoadResult) => r.requests / r.seconds

/** What to GET: one path, or several taken in turn; extra headers (e.g. authorization) on every request. */
export type Target = string | { paths: readonly string[]; headers?: Record<string, string> }

/**
 * One keep-alive connection that sends a GET (the target's paths in turn, from `offset`) and calls back
 * with the answer's status when it is whole.
 */
function connection(
  port: number,
  target: Target,
  onAnswer: (ok: boolean) => void,
  onError: () => void,
  offset = 0,
) {
  const { paths, headers = {} } = typeof target === 'string' ? { paths: [target] } : target
  const extra = Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('')
  const requests = paths.map((path) =>
    Buffer.from(
      `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nAccept: application/json\r\n${extra}\r\n`,
    ),
  )
  let turn = offset
  const socket = net.connect(port, '127.0.0.1')
  socket.setNoDelay(true)
  let buffered: Buffer = Buffer.alloc(0)
  const ready = new Promise<void>((resolve) => socket.once('connect', resolve))
  socket.on('error', onError)
  socket.on('data', (chunk: Buffer) => {
    buffered = buffered.length ? Buffer.concat([buffered, chunk]) : chunk
    const headerEnd = buffered.indexOf('\r\n\r\n')
    if (headerEnd === -1) return
    const head = buffered.toString('latin1', 0, headerEnd)
    let end: number
    if (/transfer-encoding:\s*chunked/i.test(head)) {
      const last = buffered.indexOf('\r\n0\r\n\r\n', headerEnd)
      if (last === -1) return
      end = last + 7
    } else {
      end = headerEnd + 4 + Number(/content-length:\s*(\d+)/i.exec(head)?.[1] ?? 0)
      if (buffered.length < end) return
    }
    buffered = buffered.subarray(end)
    onAnswer(head.startsWith('HTTP/1.1 200'))
  })
  return { ready, send: () => socket.write(requests[turn++ % requests.length]!), close: () => socket.end() }
}

const now = () => process.hrtime.bigint()
const msSince = (t: bigint) => Number(now() - t) / 1e6
const result = (started: bigint, latencies: number[], errors: number): LoadResult => ({
  requests: latencies.length,
  seconds: msSince(started) / 1000,
  latenciesMs: Float64Array.from(latencies).sort(),
  errors,
})

/** `connections` connections, each sending its next GET when the last is answered, for `seconds`. */
export function closedLoop(
  port: number,
  path: Target,
  seconds: number,
  connections: number,
): Promise<LoadResult> {
  const latencies: number[] = []
  let errors = 0
  const started = now()
  const deadline = started + BigInt(Math.round(seconds * 1e9))
  const one = (_: unknown, index: number) =>
    new Promise<void>((resolve) => {
      let sentAt = 0n
      const send = () => {
        if (now() >= deadline) {
          c.close()
          return resolve()
        }
        sentAt = now()
        c.send()
      }
      const c = connection(
        port,
        path,
        (ok) => {
          if (!ok) errors++
          latencies.push(msSince(sentAt))
          send()
        },
        () => {
          errors++
          resolve()
        },
        index,
      )
      void c.ready.then(send)
    })
  return Promise.all(Array.from({ length: connections }, one)).then(() => result(started, latencies, errors))
}

/**
 * `rate` GETs a second for `seconds`, due at even intervals, each sent on a free connection (a pool of
 * `connections`, more than the rate ever needs at once). A request due while every connection is busy
 * waits for one, and its latency still counts from when it was due.
 */
export async function fixedRate(
  port: number,
  path: Target,
  seconds: number,
  rate: number,
  connections = 64,
): Promise<LoadResult> {
  const latencies: number[] = []
  let errors = 0
  const intervalNs = BigInt(Math.round(1e9 / rate))
  const total = Math.round(rate * seconds)
  const free: ReturnType<typeof connection>[] = []
  const due: bigint[] = []
  const dueOf = new Map<ReturnType<typeof connection>, bigint>()
  let answered = 0
  let finish = () => {}
  const finished = new Promise<void>((resolve) => {
    finish = resolve
  })
  const dispatch = () => {
    while (due.length && free.length) {
      const c = free.pop()!
      dueOf.set(c, due.shift()!)
      c.send()
    }
  }
  const settle = () => {
    if (++answered === total) finish()
  }
  const pool = Array.from({ length: connections }, () => {
    const c = connection(
      port,
      path,
      (ok) => {
        if (!ok) errors++
        latencies.push(Number(now() - dueOf.get(c)!) / 1e6)
        free.push(c)
        settle()
        dispatch()
      },
      () => {
        errors++
        settle()
      },
    )
    return c
  })
  await Promise.all(pool.map((c) => c.ready))
  free.push(...pool)
  const started = now()
  let scheduled = 0
  // A timer tick releases every request that has come due since the last (timers are ~1 ms coarse).
  await new Promise<void>((resolve) => {
    const tick = () => {
      const elapsed = now() - started
      while (scheduled < total && BigInt(scheduled) * intervalNs <= elapsed)
        due.push(started + BigInt(scheduled++) * intervalNs)
      dispatch()
      if (scheduled < total) setTimeout(tick, 1)
      else resolve()
    }
    tick()
  })
  // Requests still unanswered well after the last was due (a dead path) count as errors, not a hang.
  let timer: NodeJS.Timeout | undefined
  await Promise.race([finished, new Promise((resolve) => (timer = setTimeout(resolve, 10_000)))])
  clearTimeout(timer)
  for (const c of pool) c.close()
  return result(started, latencies, errors + (total - answered))
}
