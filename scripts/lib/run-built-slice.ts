/**
 * Starts a slice from its production build as the image does (`node dist/main.js` in the staged
 * directory that scripts/build-service.ts --stage lays out) and waits for its health endpoint.
 * Used by test/deploy/node-build.test.ts and bench/process-cost.bench.ts.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { once } from 'node:events'
import { createWriteStream } from 'node:fs'
import net from 'node:net'
import { PRODUCTION_NODE_ENV } from './node-runtime'

/** A port nothing listens on right now (the child binds it a moment later). */
export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo
      server.close(() => resolve(port))
    })
    server.on('error', reject)
  })

export interface BuiltSlice {
  /** The child's pid (for reading its CPU time from /proc). */
  pid: number
  url: string
  /** Everything the process printed, for failure messages. */
  output: () => string
  /** SIGTERM, then the exit code (null when it had to be killed). */
  stop: () => Promise<number | null>
}

export interface RunBuiltSliceOptions {
  /** The staged slice directory (holds dist/main.js). */
  dir: string
  port: number
  /** Environment of the child: nothing is inherited but PATH; the image's memory settings unless overridden. */
  env: Record<string, string>
  healthPath?: string
  timeoutMs?: number
  /** Node options before the script, e.g. `--cpu-prof` (which NODE_OPTIONS does not accept). */
  nodeArgs?: string[]
  /** Also write everything the process prints to this file (output() keeps only the last 20,000 characters). */
  logFile?: string
}

async function waitForHealth(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`exited with code ${child.exitCode} before it was healthy`)
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2_000) })
      if (response.ok) return
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  throw new Error(`${url} did not answer 2xx within ${timeoutMs} ms`)
}

export async function runBuiltSlice(options: RunBuiltSliceOptions): Promise<BuiltSlice> {
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), 'dist/main.js'], {
    cwd: options.dir,
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', ...PRODUCTION_NODE_ENV, ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000)
  }
  child.stdout?.on('data', collect)
  child.stderr?.on('data', collect)
  if (options.logFile) {
    const file = createWriteStream(options.logFile, { flags: 'a' })
    child.stdout?.pipe(file)
    child.stderr?.pipe(file)
  }
  const url = `http://127.0.0.1:${options.port}`
  const stop = async () => {
    if (child.exitCode !== null) return child.exitCode
    const exited = once(child, 'exit')
    child.kill('SIGTERM')
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000)
    const [code] = (await exited) as [number | null]
    clearTimeout(timer)
    return code
  }
  try {
    await waitForHealth(`${url}${options.healthPath ?? '/health/ready'}`, child, options.timeoutMs ?? 90_000)
  } catch (error) {
    await stop()
    throw new Error(`${options.dir}: ${(error as Error).message}\n${output}`)
  }
  return { pid: child.pid!, url, output: () => output, stop }
}
