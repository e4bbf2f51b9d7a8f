export type BatchOptions = {
  /** The most items one batch holds. */
  maxSize: number
  /** How long the first item of a batch waits for others to join it. */
  windowMs: number
}

type Waiting<T> = { item: T; resolve: () => void; reject: (err: unknown) => void }
type Lane<T> = { waiting: Waiting<T>[]; busy: boolean; timer: NodeJS.Timeout | undefined }

/**
 * Groups items by key into batches for `run`. A batch starts when it is full or its first item has waited
 * windowMs; per key one batch runs at a time and what arrives meanwhile forms the next one, which then
 * starts at once (it has waited already). So under load batches fill up by themselves, and two batches of
 * one key never compete for the same rows. `add` settles when the item's batch has run.
 */
export class BatchCollector<T> {
  private readonly lanes = new Map<string, Lane<T>>()

  constructor(
    private readonly run: (key: string, items: T[]) => Promise<void>,
    private readonly options: BatchOptions,
  ) {}

  add(key: string, item: T): Promise<void> {
    const lane = this.lane(key)
    return new Promise((resolve, reject) => {
      lane.waiting.push({ item, resolve, reject })
      if (lane.busy) return
      if (lane.waiting.length >= this.options.maxSize) this.start(key, lane)
      else lane.timer ??= setTimeout(() => this.start(key, lane), this.options.windowMs)
    })
  }

  private lane(key: string): Lane<T> {
    let lane = this.lanes.get(key)
    if (!lane) {
      lane = { waiting: [], busy: false, timer: undefined }
      this.lanes.set(key, lane)
    }
    return lane
  }

  private start(key: string, lane: Lane<T>): void {
    clearTimeout(lane.timer)
    lane.timer = undefined
    if (lane.busy || lane.waiting.length === 0) return
    const batch = lane.waiting.splice(0, this.options.maxSize)
    lane.busy = true
    this.run(
      key,
      batch.map((w) => w.item),
    )
      .then(
        () => {
          for (const w of batch) w.resolve()
        },
        (err: unknown) => {
          for (const w of batch) w.reject(err)
        },
      )
      .finally(() => {
        lane.busy = false
        this.start(key, lane)
      })
  }
}
