import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'

type Collect = (options: { type: 'major'; execution: 'sync'; flavor: 'last-resort' }) => void
let collect: Collect | undefined

/**
 * Gives the heap pages a start-up's garbage left behind back to the system: one memory-reducing collection,
 * for a service that builds a large structure in memory before it serves (the catalogue's search index).
 *
 * Why: since Node 24, V8 keeps the pages a collection frees in a pool for reuse, still resident, and
 * empties the pool only in a memory-reducing collection, which a busy process seldom gets (its memory
 * reducer waits for a quiet allocation rate). The catalogue with 100,000 products kept 18–33 MB of such
 * pages from loading its index, 161–172 MB resident against 119–134 on Node 20 (bench/PROFILE.md).
 *
 * Once, before the service listens: the collection takes tens of milliseconds and leaves the young
 * generation at its smallest, which a busy process would pay for in more scavenges until it grows back.
 * `gc` comes from a context made after the flag is set, so no process needs `--expose-gc` on its command
 * line and no other code sees a global `gc`. Returns how long it took, in milliseconds.
 */
export function releaseFreedHeap(): number {
  if (!collect) {
    setFlagsFromString('--expose-gc')
    collect = runInNewContext('gc') as Collect
  }
  const started = performance.now()
  collect({ type: 'major', execution: 'sync', flavor: 'last-resort' })
  return performance.now() - started
}
