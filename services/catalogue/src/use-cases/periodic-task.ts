import type { Logger } from '@medstore/service-kit'

/**
 * Runs `work` every `everyMs`, never two runs at once, and once at start. A failure (the database down) is
 * logged and the work is tried again next time. The catalogue's background jobs: the reservation sweep and
 * the stock announcements.
 */
export class PeriodicTask {
  private timer: NodeJS.Timeout | undefined
  private running: Promise<void> | undefined

  constructor(
    private readonly name: string,
    private readonly everyMs: number,
    private readonly work: () => Promise<unknown>,
    private readonly logger: Logger,
  ) {}

  start(): void {
    this.timer = setInterval(() => this.run(), this.everyMs)
    this.timer.unref()
    this.run()
  }

  async stop(): Promise<void> {
    clearInterval(this.timer)
    await this.running
  }

  private run(): void {
    if (this.running) return
    this.running = this.work()
      .then(() => undefined)
      .catch((err) => this.logger.error({ err: (err as Error).message }, `${this.name} failed`))
      .finally(() => {
        this.running = undefined
      })
  }
}
