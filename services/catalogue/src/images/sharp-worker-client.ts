import { type ChildProcess, fork } from 'node:child_process'
import { existsSync } from 'node:fs'
import path from 'node:path'
import { Unavailable } from '@medstore/service-kit'
import { type ImageJob, ImageJobError, type ImageJobResult } from './image-jobs'

/** A worker with nothing to do for this long exits (the next picture starts another: ~0.15 s of CPU). */
const IDLE_MS = 10_000

const WORKER_GONE = 'Pictures cannot be processed right now. Please try again in a moment.'

type Waiter = { resolve: (data: Uint8Array) => void; reject: (err: Error) => void }
type Worker = { child: ChildProcess; pending: Map<number, Waiter> }
export type ImageJobRequest = ImageJob extends infer J ? (J extends ImageJob ? Omit<J, 'id'> : never) : never

/** The production build has the worker beside the bundle (dist/sharp.worker.js); development runs the source. */
function workerEntry(): { file: string; execArgv: string[] } {
  const built = path.join(import.meta.dirname, 'sharp.worker.js')
  if (existsSync(built)) return { file: built, execArgv: [] }
  return { file: path.join(import.meta.dirname, 'sharp.worker.ts'), execArgv: ['--import', 'tsx'] }
}

/**
 * Runs sharp in a child process (sharp.worker.ts), started on the first picture and gone after IDLE_MS
 * without one: libvips, its threads, its malloc arenas and the fonts of the artwork (~45 MB in bench:mix) that
 * stayed resident in the catalogue for good after the first picture (bench/memory.bench.ts). The child
 * keeps the service alive only while a picture is being processed.
 */
export class SharpWorker {
  private worker: Worker | undefined
  private idle: NodeJS.Timeout | undefined
  private nextId = 0

  constructor(private readonly idleMs = IDLE_MS) {}

  run(request: ImageJobRequest): Promise<Uint8Array> {
    clearTimeout(this.idle)
    const worker = this.worker ?? this.start()
    const id = this.nextId++
    return new Promise<Uint8Array>((resolve, reject) => {
      worker.pending.set(id, { resolve, reject })
      if (worker.pending.size === 1) this.hold(worker.child, true)
      worker.child.send({ ...request, id } as ImageJob)
    })
  }

  private start(): Worker {
    const { file, execArgv } = workerEntry()
    const child = fork(file, [], {
      execArgv,
      serialization: 'advanced',
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    })
    const worker: Worker = { child, pending: new Map() }
    const fail = (err: Error) => {
      if (this.worker === worker) this.worker = undefined
      for (const waiter of worker.pending.values()) waiter.reject(err)
      worker.pending.clear()
    }
    child.on('message', (result: ImageJobResult) => this.settle(worker, result))
    child.on('error', () => fail(new Unavailable(WORKER_GONE)))
    // The next picture starts a new worker, so the customer may simply try again (503, not 500).
    child.on('exit', () => fail(new Unavailable(WORKER_GONE)))
    this.worker = worker
    return worker
  }

  private settle(worker: Worker, result: ImageJobResult): void {
    const waiter = worker.pending.get(result.id)
    if (!waiter) return
    worker.pending.delete(result.id)
    if ('error' in result) waiter.reject(new ImageJobError(result.error))
    else waiter.resolve(result.data)
    if (worker.pending.size > 0) return
    this.hold(worker.child, false)
    this.idle = setTimeout(() => {
      if (this.worker !== worker) return
      this.worker = undefined
      worker.child.disconnect() // the worker exits on disconnect
    }, this.idleMs).unref()
  }

  /** Whether the child (and its IPC channel) keep the service's event loop alive. */
  private hold(child: ChildProcess, busy: boolean): void {
    if (busy) {
      child.ref()
      child.channel?.ref()
    } else {
      child.unref()
      child.channel?.unref()
    }
  }
}

/** The catalogue's one sharp worker. */
export const sharpWorker = new SharpWorker()
