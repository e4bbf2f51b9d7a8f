import { execFileSync } from 'node:child_process'
import { errorAnswer } from '@medstore/service-kit'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { prepareUpload } from '../src/images/process'
import { SharpWorker } from '../src/images/sharp-worker-client'

/**
 * The pids of this process's image workers, found by their script: the command name is no help (Node 24
 * names its main thread, so ps shows `MainThread` where Node 20 showed `node`).
 */
const children = (): number[] =>
  execFileSync('ps', ['-o', 'pid=,args=', '--ppid', String(process.pid)], { encoding: 'utf8' })
    .split('\n')
    .map((line) => line.trim().split(/\s+/))
    .filter(([, ...args]) => args.some((arg) => arg.includes('sharp.worker')))
    .map(([pid]) => Number(pid))

const png = (size: number) =>
  sharp({ create: { width: size, height: size, channels: 3, background: '#2e7d32' } })
    .png()
    .toBuffer()

describe('the image worker', () => {
  it('answers 503 when the worker dies under a picture, and the next picture starts a new one', async () => {
    const before = new Set(children())
    const upload = prepareUpload(await png(4_000))
    let worker: number | undefined
    for (let i = 0; i < 2_000 && worker === undefined; i++) {
      worker = children().find((pid) => !before.has(pid))
      if (worker === undefined) await new Promise((resolve) => setTimeout(resolve, 5))
    }
    expect(worker).toBeDefined()
    process.kill(worker!, 'SIGKILL')
    const failure = await upload.then(
      () => undefined,
      (err: unknown) => err,
    )
    expect(errorAnswer(failure).status).toBe(503)
    const next = await prepareUpload(await png(64))
    expect(next.card.data.length).toBeGreaterThan(0)
  })

  it('exits after a quiet spell, and the next picture starts another', async () => {
    const worker = new SharpWorker(300)
    const before = new Set(children())
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"><rect width="8" height="8"/></svg>'
    expect((await worker.run({ op: 'png', svg })).length).toBeGreaterThan(0)
    const first = children().find((pid) => !before.has(pid))
    expect(first).toBeDefined()
    await new Promise((resolve) => setTimeout(resolve, 1_500))
    expect(children()).not.toContain(first)
    expect((await worker.run({ op: 'png', svg })).length).toBeGreaterThan(0)
    const second = children().find((pid) => !before.has(pid))
    expect(second).toBeDefined()
    expect(second).not.toBe(first)
  })
})
