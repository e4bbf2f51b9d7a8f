import { execFileSync } from 'node:child_process'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { PRODUCTION_NODE_ENV } from '../../../scripts/lib/node-runtime'

describe('releaseFreedHeap', () => {
  // Its own process with the image's heap settings, so the resident memory is the child's alone. An
  // ordinary full collection at the same point gave back about 1 MB; this one gives back about 100.
  it('gives the pages of dead old-generation objects back to the system', () => {
    const output = execFileSync(
      process.execPath,
      ['--import', 'tsx', path.resolve(import.meta.dirname, 'fixture/heap-release-child.ts')],
      { env: { ...process.env, ...PRODUCTION_NODE_ENV }, encoding: 'utf8', timeout: 60_000 },
    )
    const { before, after } = JSON.parse(output.trim().split('\n').pop()!) as {
      before: number
      after: number
    }
    expect(before - after).toBeGreaterThan(20)
  })
})
