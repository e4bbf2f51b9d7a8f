/** Runs at most `limit` tasks at a time; the others wait their turn, first come first served. */
export class ConcurrencyLimit {
  private running = 0
  private readonly queue: (() => void)[] = []

  constructor(private readonly limit: number) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running >= this.limit) await new Promise<void>((resolve) => this.queue.push(resolve))
    else this.running++
    try {
      return await task()
    } finally {
      // Hand the slot straight to the next task (running stays the same), or free it.
      const next = this.queue.shift()
      if (next) next()
      else this.running--
    }
  }
}
