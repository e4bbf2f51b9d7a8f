// Small process and network helpers shared by the infrastructure finders. No dependencies.
import { spawn } from 'node:child_process'
import { accessSync, constants } from 'node:fs'
import { createConnection } from 'node:net'
import { delimiter, join } from 'node:path'

export type Log = (message: string) => void

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

/** True when something accepts a TCP connection on host:port within timeoutMs. */
export function probePort(host: string, port: number, timeoutMs = 500): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ host, port })
    const done = (ok: boolean) => {
      socket.removeAllListeners()
      socket.destroy()
      resolve(ok)
    }
    socket.setTimeout(timeoutMs, () => done(false))
    socket.once('connect', () => done(true))
    socket.once('error', () => done(false))
  })
}

/** Polls host:port until it accepts connections (true) or timeoutMs passes (false). */
export async function waitForPort(host: string, port: number, timeoutMs: number, intervalMs = 250) {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (await probePort(host, port, 500)) return true
    await sleep(intervalMs)
  }
  return false
}

/** Polls host:port until nothing listens any more (true) or timeoutMs passes (false). */
export async function waitForPortClosed(host: string, port: number, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (!(await probePort(host, port, 500))) return true
    await sleep(250)
  }
  return false
}

/** Absolute path of an executable found on PATH or in one of extraDirs, else undefined. */
export function which(command: string, extraDirs: string[] = []): string | undefined {
  const dirs = [...(process.env.PATH ?? '').split(delimiter), ...extraDirs].filter(Boolean)
  for (const dir of dirs) {
    const candidate = join(dir, command)
    try {
      accessSync(candidate, constants.X_OK)
      return candidate
    } catch {
      // not here
    }
  }
  return undefined
}

/** Where system daemons' executables live; a non-root PATH often lacks the sbin directories. */
export const SYSTEM_BIN_DIRS = ['/usr/local/sbin', '/usr/sbin', '/sbin', '/usr/local/bin', '/usr/bin']

export interface RunOptions {
  cwd?: string
  env?: NodeJS.ProcessEnv
  timeoutMs?: number
  uid?: number
  gid?: number
  /** Run it in a process group of its own (a daemon launcher that must outlive a Ctrl-C). */
  detached?: boolean
}

export interface RunResult {
  code: number | null
  stdout: string
  stderr: string
  timedOut: boolean
}

/** Runs a command to completion, capturing its output. Never throws for a non-zero exit or a missing binary. */
export function run(command: string, args: string[], options: RunOptions = {}): Promise<RunResult> {
  return new Promise((resolve) => {
    let stdout = ''
    let stderr = ''
    let timedOut = false
    const child = spawn(command, args, {
      cwd: options.cwd,
      env: options.env ?? process.env,
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: options.detached ?? false,
      ...(options.uid === undefined ? {} : { uid: options.uid }),
      ...(options.gid === undefined ? {} : { gid: options.gid }),
    })
    const timer =
      options.timeoutMs === undefined
        ? undefined
        : setTimeout(() => {
            timedOut = true
            child.kill('SIGKILL')
          }, options.timeoutMs)
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString()
    })
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString()
    })
    child.once('error', (error) => {
      if (timer) clearTimeout(timer)
      resolve({ code: null, stdout, stderr: stderr + error.message, timedOut })
    })
    child.once('close', (code) => {
      if (timer) clearTimeout(timer)
      resolve({ code, stdout, stderr, timedOut })
    })
  })
}

export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}
