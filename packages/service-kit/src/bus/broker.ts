import amqp, {
  type Channel,
  type ChannelModel,
  type ConfirmChannel,
  type RecoveringChannelModel,
} from 'amqplib'
import type { Logger } from '../logger'

const FIRST_CONNECT_WAIT_MS = 5_000
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms).unref())

/**
 * One AMQP connection per process that reconnects with backoff after the broker or the network drops
 * it. Channels do not survive a reconnect, so users re-create them (onConnect) when that happens.
 */
export class Broker {
  private connected = false
  private readonly connectListeners = new Set<(model: ChannelModel) => void>()

  private constructor(
    private readonly model: RecoveringChannelModel,
    private readonly logger: Logger,
  ) {
    model.on('connect', (m: ChannelModel) => {
      this.connected = true
      this.logger.info('connected to the message broker')
      for (const listener of this.connectListeners) listener(m)
    })
    model.on('disconnect', (err: Error) => {
      this.connected = false
      this.logger.warn({ err: err.message }, 'lost the message broker; reconnecting')
    })
    model.on('connect-failed', (err: Error) => {
      this.logger.warn({ err: err.message }, 'cannot reach the message broker; retrying')
    })
    model.on('error', (err: Error) =>
      this.logger.warn({ err: err.message }, 'message broker connection error'),
    )
  }

  static async connect(url: string, logger: Logger): Promise<Broker> {
    const model = await amqp.connect(url, {
      recovery: { initialDelay: 100, maxDelay: 5_000, waitForConnect: false },
    })
    const broker = new Broker(model, logger)
    // Give the first connection a moment so a healthy start is ready at once; a broker that is down
    // does not stop the service starting (it reports not ready and keeps reconnecting).
    await Promise.race([model.waitForConnect().catch(() => undefined), sleep(FIRST_CONNECT_WAIT_MS)])
    return broker
  }

  get isConnected(): boolean {
    return this.connected
  }

  /** Called after every successful (re)connection, and at once if connected now. */
  onConnect(listener: () => void): () => void {
    const wrapped = () => listener()
    this.connectListeners.add(wrapped)
    if (this.connected) queueMicrotask(wrapped)
    return () => this.connectListeners.delete(wrapped)
  }

  async channel(): Promise<Channel> {
    return withErrorListener(await this.model.createChannel(), this.logger)
  }

  async confirmChannel(): Promise<ConfirmChannel> {
    return withErrorListener(await this.model.createConfirmChannel(), this.logger)
  }

  async check(): Promise<void> {
    if (!this.connected) throw new Error('not connected')
  }

  async close(): Promise<void> {
    this.connected = false
    this.connectListeners.clear()
    await this.model.close()
  }
}

// An 'error' event without a listener would crash the process; a channel error is logged and the
// channel's 'close' tells its owner to make a new one.
function withErrorListener<C extends Channel>(channel: C, logger: Logger): C {
  channel.on('error', (err: Error) => logger.warn({ err: err.message }, 'channel error'))
  return channel
}
