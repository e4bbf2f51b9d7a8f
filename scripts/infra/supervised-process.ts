// One slice under `npm start`: a child process in its own process group whose output goes line by line to
// `onLine`, restarted when it exits on its own (scripts/infra/restart-policy.ts decides when, and when to
// give up), as a process supervisor or Kubernetes would. stop() ends the restarts before signalling.
import { type ChildProcess, spawn } from 'node:child_process'
import { createInterface } from 'node:readline'
import { afterUnexpectedExit, DEFAULT_RESTART_POLICY, type RestartPolicy } from './restart-policy'

/**
 * Children run as `node --import tsx <entry>`, one process each: the tsx command would be a parent that
 * relays SIGTERM and SIGKILLs its child unless the child acknowledges within 30 ms, which on a busy machine
 * cut graceful shutdowns short (test/drills/fast/sigterm.test.ts found it).
 */
export const nodeWithTsx = (...entryAndArgs: string[]): string[] => ['--import', 'tsx', ...entryAndArgs]

export interface SliceCommand {
  name: string
  /** Arguments to this Node binary (process.execPath). */
  args: string[]
  cwd: string
  env: NodeJS.ProcessEnv
}

export interface SupervisorReport {
  /** One line the slice printed (stdout or stderr). */
  onLine: (line: string) => void
  /** The slice exited on its own and starts again after `delayMs`. */
  onRestart: (how: string, delayMs: number, restarts: number) => void
  /** The slice failed at start `failures` times in a row and is left stopped. */
  onGiveUp: (how: string, failures: number) => void
}

const describeExit = (code: number | null, signal: NodeJS.Signals | null) =>
  signal ? `was killed by ${signal}` : `exited with code ${code}`

export class SupervisedProcess {
  private child: ChildProcess | undefined
  private currentExit: Promise<void> = Promise.resolve()
  private pendingRestart: NodeJS.Timeout | undefined
  private stopped = false
  private startFailures = 0
  /** How many times the slice was started again after exiting on its own. */
  restarts = 0
  /** True once the slice kept failing at start and was left stopped. */
  gaveUp = false

  constructor(
    readonly command: SliceCommand,
    private readonly report: SupervisorReport,
    private readonly policy: RestartPolicy = DEFAULT_RESTART_POLICY,
  ) {}

  get name(): string {
    return this.command.name
  }

  get pid(): number | undefined {
    return this.child?.pid
  }

  get running(): boolean {
    return this.child !== undefined && this.child.exitCode === null && this.child.signalCode === null
  }

  /** Resolves when the current run has exited (at once when nothing runs). */
  exited(): Promise<void> {
    return this.currentExit
  }

  start(): void {
    const startedAt = Date.now()
    const child = spawn(process.execPath, this.command.args, {
      cwd: this.command.cwd,
      env: this.command.env,
      stdio: ['ignore', 'pipe', 'pipe'],
      // Own process group: a terminal Ctrl-C reaches only the supervisor, which stops the children in order;
      // and the whole group (the slice and anything it spawned) can be signalled.
      detached: process.platform !== 'win32',
    })
    this.child = child
    createInterface({ input: child.stdout! }).on('line', this.report.onLine)
    createInterface({ input: child.stderr! }).on('line', this.report.onLine)
    this.currentExit = new Promise<void>((resolveExit) => {
      let ended = false
      const end = (how: string) => {
        if (ended) return
        ended = true
        // What the slice left in its group (a migration it had spawned) goes with it.
        this.signalGroup(child, 'SIGKILL')
        resolveExit()
        if (!this.stopped) this.afterExit(how, Date.now() - startedAt)
      }
      child.once('error', (error) => end(`could not start (${error.message})`))
      child.once('exit', (code, signal) => end(describeExit(code, signal)))
    })
  }

  /** No more restarts; the current run, if any, keeps going until signalled. */
  stop(): void {
    this.stopped = true
    clearTimeout(this.pendingRestart)
    this.pendingRestart = undefined
  }

  /** Signals the current run's process group (the slice and anything it spawned). */
  signal(signal: NodeJS.Signals): void {
    if (this.child) this.signalGroup(this.child, signal)
  }

  private signalGroup(child: ChildProcess, signal: NodeJS.Signals): void {
    if (child.pid === undefined) return
    try {
      if (process.platform === 'win32') child.kill(signal)
      else process.kill(-child.pid, signal)
    } catch {
      // already gone
    }
  }

  private afterExit(how: string, ranMs: number): void {
    const decision = afterUnexpectedExit(this.startFailures, ranMs, this.policy)
    this.startFailures = decision.startFailures
    if (!decision.restart) {
      this.gaveUp = true
      this.report.onGiveUp(how, decision.startFailures)
      return
    }
    this.restarts += 1
    this.report.onRestart(how, decision.delayMs, this.restarts)
    this.pendingRestart = setTimeout(() => {
      this.pendingRestart = undefined
      if (!this.stopped) this.start()
    }, decision.delayMs)
  }
}
