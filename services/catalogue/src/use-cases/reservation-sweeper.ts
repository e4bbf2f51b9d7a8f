import type { Logger } from '@medstore/service-kit'
import type { ReservationLeasePolicy } from '../domain/reservation-lease'
import type { ReservationUseCases } from './reservations'

/**
 * Every `sweepEveryMs`, gives back the stock of reservations whose lease expired. Safe with several
 * replicas (each batch skips rows another transaction holds) and across restarts (the lease is a time
 * in the database, so a new process picks up whatever the old one left).
 */
export class ReservationSweeper {
  private timer: NodeJS.Timeout | undefined
  private running: Promise<void> | undefined

  constructor(
    private readonly reservations: Pick<ReservationUseCases, 'expireLeases'>,
    private readonly policy: ReservationLeasePolicy,
    private readonly logger: Logger,
  ) {}

  start(): void {
    this.timer = setInterval(() => this.sweep(), this.policy.sweepEveryMs)
    this.timer.unref()
    this.sweep()
  }

  async stop(): Promise<void> {
    clearInterval(this.timer)
    await this.running
  }

  /** One sweep unless one is running; a failure (database down) is logged and retried next time. */
  private sweep(): void {
    if (this.running) return
    this.running = this.reservations
      .expireLeases(this.policy)
      .then(() => undefined)
      .catch((err) => this.logger.error({ err: (err as Error).message }, 'reservation sweep failed'))
      .finally(() => {
        this.running = undefined
      })
  }
}
