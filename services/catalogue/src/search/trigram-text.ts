import { PostingList } from './posting-list'
import { TextColumn } from './text-column'

/** The distinct three-letter runs of a lower-cased text (the substring index's keys). */
export function trigramsOf(text: string): Set<string> {
  const grams = new Set<string>()
  for (let i = 0; i + 3 <= text.length; i++) grams.add(text.slice(i, i + 3))
  return grams
}

/**
 * One lower-cased text per slot of the search index (a name, or the salts and key ingredients) as UTF-8
 * off the heap, with a trigram index of them: the slots that may contain a search of three letters or more
 * are those on the shortest posting list of its trigrams, each then checked byte by byte.
 */
export class TrigramText {
  private readonly texts = new TextColumn()
  private grams = new Map<string, PostingList>()
  /** The decoded posting list of a near-match search (searches run one at a time). */
  private decoded = new Int32Array(0)
  /** A search's candidates, decoded a chunk at a time. */
  private readonly chunk = new Int32Array(1024)

  /** How many slots it holds texts for. */
  get length(): number {
    return this.texts.length
  }

  /** The next slot's text (lower-cased); `indexed: false` while bulk loading, which indexAll finishes. */
  push(lower: string, indexed = true): void {
    const slot = this.texts.length
    this.texts.push(lower)
    if (indexed)
      for (const gram of trigramsOf(lower)) {
        const list = this.grams.get(gram) ?? new PostingList()
        if (list.length === 0) this.grams.set(gram, list)
        list.push(slot)
      }
  }

  at(slot: number): string {
    return this.texts.at(slot)
  }

  includes(slot: number, needle: Uint8Array): boolean {
    return this.texts.includes(slot, needle)
  }

  /**
   * The posting lists of these slots (ascending, live or not, none indexed yet), as views of one exactly
   * sized buffer: sized first, then filled (grown list by list, the buffers left behind by doubling stayed
   * resident in malloc's heap: bench/memory.bench.ts).
   */
  indexAll(slots: number[]): void {
    const sizes = new Map<string, { bytes: number; last: number }>()
    for (const slot of slots)
      for (const gram of trigramsOf(this.texts.at(slot))) {
        const size = sizes.get(gram) ?? { bytes: 0, last: -1 }
        if (size.last < 0) sizes.set(gram, size)
        size.bytes += PostingList.bytesOfGap(slot - size.last)
        size.last = slot
      }
    let total = 0
    for (const { bytes } of sizes.values()) total += bytes
    const postings = new Uint8Array(total)
    const lists = new Map<string, PostingList>()
    let start = 0
    for (const [gram, { bytes }] of sizes) {
      lists.set(gram, PostingList.over(postings.subarray(start, start + bytes)))
      start += bytes
    }
    for (const slot of slots) for (const gram of trigramsOf(this.texts.at(slot))) lists.get(gram)!.push(slot)
    this.grams = lists
  }

  /** How many slots a search for `q` looks at: its shortest posting list, or every slot under three letters. */
  reach(q: string): number {
    return q.length >= 3 ? (this.shortestList(q)?.length ?? 0) : this.length
  }

  /**
   * Up to `max` slots, ascending, that `matches` accepts among those whose text may contain `q`. `matches`
   * decides what a match is (the text's bytes, the category, whether the slot is alive).
   */
  collect(q: string, matches: (slot: number) => boolean, max: number): number[] {
    const found: number[] = []
    if (max <= 0) return found
    if (q.length < 3) {
      for (let slot = 0; slot < this.length && found.length < max; slot++) if (matches(slot)) found.push(slot)
      return found
    }
    const reader = this.shortestList(q)?.reader()
    if (!reader) return found
    const chunk = this.chunk
    for (let n = reader.read(chunk); n > 0 && found.length < max; n = reader.read(chunk))
      for (let i = 0; i < n && found.length < max; i++) if (matches(chunk[i]!)) found.push(chunk[i]!)
    return found
  }

  /**
   * The slots whose text may contain `q` (three letters or more), ascending, valid until the next call;
   * undefined for a shorter `q` (every slot may).
   */
  candidates(q: string): Int32Array | undefined {
    if (q.length < 3) return undefined
    const shortest = this.shortestList(q)
    if (!shortest) return new Int32Array(0)
    if (this.decoded.length < shortest.length)
      this.decoded = new Int32Array(Math.max(shortest.length, this.decoded.length * 2))
    return shortest.decodeInto(this.decoded)
  }

  /** The shortest posting list of the trigrams of `q`; none when one of them is in no text. */
  private shortestList(q: string): PostingList | undefined {
    let shortest: PostingList | undefined
    for (const gram of trigramsOf(q)) {
      const list = this.grams.get(gram)
      if (!list) return undefined
      if (!shortest || list.length < shortest.length) shortest = list
    }
    return shortest
  }
}
